import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  SAME_ADDRESS_DAILY_WIN_CAP,
  SAME_ADDRESS_WINDOW_MS,
} from '../../../../shared/games/engine/sameAddress';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';

/*
 * The same-address rule of the duels (Quiz Duel, rock-paper-scissors). Refusing two accounts
 * seen on one address locked out families, offices and campuses; what it guards against is one
 * person feeding a second account by losing to it. So such a pair may play, but neither wins
 * more than SAME_ADDRESS_DAILY_WIN_CAP a UTC day from the other: the winner's own stake always
 * comes back, the win only up to what is left of the cap, and the rest goes back to the loser.
 */

/** The address a request came from, kept only as a hash (tables.ts duelAddresses). */
const addressHash = (address: string): string =>
  createHash('sha256').update(`quiz-address:${address}`).digest('hex');

/** Notes that this user called a duel from this address now. */
export async function recordAddress(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  address: string,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.db.rows(sql`
    insert into quiz_duel_addresses (user_id, address_hash, seen_at) values (${userId}, ${addressHash(address)}, ${now})
    on conflict (user_id, address_hash) do update set seen_at = excluded.seen_at`);
}

/** Whether two accounts were seen on one address within the window before `nowMs`. */
async function sharedAddress(q: Queryable, a: number, b: number, nowMs: number): Promise<boolean> {
  const since = new Date(nowMs - SAME_ADDRESS_WINDOW_MS).toISOString();
  const [row] = await q.rows<{ shared: boolean }>(sql`
    select exists (
      select 1 from quiz_duel_addresses x join quiz_duel_addresses y on y.address_hash = x.address_hash
      where x.user_id = ${a} and y.user_id = ${b} and x.seen_at >= ${since} and y.seen_at >= ${since}
    ) as shared`);
  return Boolean(row?.shared);
}

/**
 * How much of a duel's `win` (the winner's gain net of their own stake) the winner may take
 * from the loser, counting it against the pair's day. The caller's transaction holds both
 * accounts' locks (ledger.lockAccounts), so two settlements of one pair count one after the other.
 */
export async function allowedWin(
  q: Queryable,
  winnerId: number,
  loserId: number,
  win: number,
  nowMs: number,
): Promise<number> {
  if (win <= 0 || !(await sharedAddress(q, winnerId, loserId, nowMs))) return win;
  const day = new Date(nowMs).toISOString().slice(0, 10);
  await q.rows(
    sql`delete from duel_pair_wins where winner_id = ${winnerId} and loser_id = ${loserId} and day <> ${day}`,
  );
  const [row] = await q.rows<{ won: number }>(
    sql`select won from duel_pair_wins where winner_id = ${winnerId} and loser_id = ${loserId} and day = ${day}`,
  );
  const before = Number(row?.won ?? 0);
  const allowed = Math.max(0, Math.min(win, SAME_ADDRESS_DAILY_WIN_CAP - before));
  await q.rows(sql`
    insert into duel_pair_wins (winner_id, loser_id, day, won) values (${winnerId}, ${loserId}, ${day}, ${allowed})
    on conflict (winner_id, loser_id, day) do update set won = duel_pair_wins.won + excluded.won`);
  return allowed;
}
