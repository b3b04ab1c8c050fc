import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Per database: the stored pair is read once per process. */
const stored = new WeakMap<Queryable, Promise<VapidKeys>>();

/**
 * The key pair pushes are signed with (DESIGN.md section 12): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set, else the pair in the database, made by whichever process needs it
 * first. Two processes racing both insert a fresh pair; `on conflict do nothing` keeps one, and
 * both read that one back.
 */
export function vapidKeys(deps: Pick<Deps, 'config' | 'db'>): Promise<VapidKeys> {
  if (deps.config.vapid) return Promise.resolve(deps.config.vapid);
  let keys = stored.get(deps.db);
  if (!keys) {
    keys = loadOrMake(deps.db);
    stored.set(deps.db, keys);
    // A failed read (the database away) is tried again by the next caller.
    keys.catch(() => stored.delete(deps.db));
  }
  return keys;
}

async function loadOrMake(db: Queryable): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await db.rows(sql`
    insert into notification_vapid_keys (id, public_key, private_key)
    values (1, ${fresh.publicKey}, ${fresh.privateKey})
    on conflict (id) do nothing`);
  const [row] = await db.rows<{ public_key: string; private_key: string }>(
    sql`select public_key, private_key from notification_vapid_keys where id = 1`,
  );
  if (!row) throw new Error('notification_vapid_keys: the key row is missing after its insert');
  return { publicKey: row.public_key, privateKey: row.private_key };
}
