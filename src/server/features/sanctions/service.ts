import { sql, type SQL } from 'drizzle-orm';
import type { ImposeSanctionBody, SanctionDto } from '../../../shared/api/sanctions';
import { SANCTION_SCOPES, untilText, type SanctionDetails } from '../../../shared/sanctions';
import type { Queryable } from '../../db/client';
import { logAdminAction } from '../../platform/adminLog';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import { closeAccount } from '../../platform/module';
import { accountsSql, findUserByUsername, reactivate } from '../accounts/public';
import { presentSanction, type SanctionRow } from './presenter';
import { inForce, nowOf, sanctionById, sanctionRows } from './queries';

const PAGE = 30;
const HOUR = 3600_000;

/**
 * Sanctions a player (issue 39). One scope at a time per player: a second of a scope in force is
 * refused (lift or let it end first). `all` is the suspension: the account's status becomes
 * banned, every module ends what the player has open (escrow back, duels refunded, trades
 * cancelled) and every session ends, as the old ban did. The player is told (SanctionChanged).
 */
export async function impose(
  deps: Deps,
  admin: Pick<AuthUser, 'id'>,
  body: ImposeSanctionBody,
): Promise<SanctionDto> {
  const now = deps.clock.now();
  const { row, userId } = await deps.db.tx(async (tx) => {
    const target = await findUserByUsername(tx, body.username);
    if (!target)
      throw notFound(`username: no player named ${body.username}`, [
        { field: 'username', rule: 'not_found', value: body.username },
      ]);
    if (target.id === admin.id)
      throw badRequest('username: you cannot sanction yourself', [
        { field: 'username', rule: 'self' },
      ]);
    if (target.role === 'admin') throw conflict('Admins cannot be sanctioned');
    // The player's row first: two admins sanctioning at once take turns, and the second sees
    // the first's sanction below.
    await tx.rows(sql`select 1 from ${accountsSql.users} where id = ${target.id} for update`);
    const endsAt = body.hours === undefined ? null : new Date(now.getTime() + body.hours * HOUR);
    const [made] = await tx.rows<{ id: number }>(sql`
      insert into sanctions (user_id, scope, reason, created_by, created_at, ends_at)
      select ${target.id}, ${body.scope}, ${body.reason}, ${admin.id}, ${now.toISOString()},
        ${endsAt?.toISOString() ?? null}
      where not exists (select 1 from sanctions s where s.user_id = ${target.id}
        and s.scope = ${body.scope} and ${inForce('s', nowOf(deps))})
      returning id`);
    if (!made)
      throw conflict(
        `${target.username} already has a sanction of scope ${body.scope} in force: lift it first`,
      );
    if (body.scope === 'all') await closeAccount(deps, tx, target.id, 'banned');
    await logAdminAction(tx, {
      adminId: admin.id,
      action: body.scope === 'all' ? 'ban_user' : 'sanction_user',
      details: `${SANCTION_SCOPES[body.scope].label}: ${target.username} ${untilText(endsAt?.toISOString() ?? null)}. Reason: ${body.reason}`,
      target: target.username,
    });
    await recordEvent(tx, 'SanctionChanged', {
      sanctionId: made.id,
      userId: target.id,
      change: 'imposed',
      scope: body.scope,
      reason: body.reason,
      endsAt: endsAt?.toISOString() ?? null,
      reply: null,
    });
    return { row: (await sanctionById(tx, made.id, nowOf(deps)))!, userId: target.id };
  });
  // After the commit: this process's cached sessions read the sanction at their next use (a
  // look-up between a revocation and its commit read the old rows).
  deps.sessions.forgetUser(userId);
  return presentSanction(row);
}

/**
 * Ends a sanction in force now, in `tx`: the lift of an admin or of a decided appeal. A lifted
 * suspension makes the account active again unless another suspension is in force.
 */
export async function liftIn(
  deps: Deps,
  tx: Queryable,
  adminId: number,
  sanctionId: number,
): Promise<{ row: SanctionRow; userId: number } | null> {
  const [lifted] = await tx.rows<{ user_id: number; scope: string }>(sql`
    update sanctions s set lifted_at = ${deps.clock.now().toISOString()}, lifted_by = ${adminId}
    where s.id = ${sanctionId} and ${inForce('s', nowOf(deps))}
    returning s.user_id, s.scope`);
  if (!lifted) return null;
  const userId = Number(lifted.user_id);
  if (lifted.scope === 'all') await endSuspensionsOf(deps, tx, sql`values (${userId}::bigint)`);
  return { row: (await sanctionById(tx, sanctionId, nowOf(deps)))!, userId };
}

/** Makes the banned accounts among `userIds` active again where no suspension is in force. */
async function endSuspensionsOf(deps: Pick<Deps, 'clock'>, q: Queryable, userIds: SQL) {
  return reactivate(
    q,
    sql`select c.id from (${userIds}) as c(id) where not exists (select 1 from sanctions s
      where s.user_id = c.id and s.scope = 'all' and ${inForce('s', nowOf(deps))})`,
  );
}

export async function lift(
  deps: Deps,
  admin: Pick<AuthUser, 'id'>,
  sanctionId: number,
): Promise<{ message: string; sanction: SanctionDto }> {
  const { row, userId } = await deps.db.tx(async (tx) => {
    const done = await liftIn(deps, tx, admin.id, sanctionId);
    if (!done) {
      const existing = await sanctionById(tx, sanctionId, nowOf(deps));
      if (!existing) throw notFound(`id: no sanction with id ${sanctionId}`);
      throw conflict(
        `This sanction is not in force: it was ${existing.lifted_at ? 'lifted' : 'over'} already`,
      );
    }
    await logAdminAction(tx, {
      adminId: admin.id,
      action: done.row.scope === 'all' ? 'unban_user' : 'lift_sanction',
      details: `Lifted ${SANCTION_SCOPES[done.row.scope].label.toLowerCase()} of ${done.row.username}`,
      target: done.row.username,
    });
    await recordEvent(tx, 'SanctionChanged', {
      sanctionId,
      userId: done.userId,
      change: 'lifted',
      scope: done.row.scope,
      reason: done.row.reason,
      endsAt: null,
      reply: null,
    });
    return done;
  });
  deps.sessions.forgetUser(userId);
  return { message: `The sanction on ${row.username} is lifted`, sanction: presentSanction(row) };
}

/**
 * The old panel's unban (PATCH /api/admin/status/user/{username} active): lifts every
 * suspension of the player in force, in the caller's transaction. Returns how many.
 */
export async function liftSuspensions(
  deps: Deps,
  tx: Queryable,
  adminId: number,
  userId: number,
): Promise<number> {
  const ids = await tx.rows<{ id: number }>(sql`
    select s.id from sanctions s where s.user_id = ${userId} and s.scope = 'all' and ${inForce('s', nowOf(deps))}`);
  let lifted = 0;
  for (const { id } of ids) if (await liftIn(deps, tx, adminId, Number(id))) lifted++;
  // A ban of the old panel made before sanctions existed has no row: the status alone ends it.
  await endSuspensionsOf(deps, tx, sql`values (${userId}::bigint)`);
  return lifted;
}

export async function listSanctions(
  deps: Deps,
  query: { username?: string | undefined; status: 'active' | 'all'; cursor?: string | undefined },
): Promise<{ sanctions: SanctionDto[]; nextCursor: string | null }> {
  const now = nowOf(deps);
  const where = [sql`true`];
  if (query.username) where.push(sql`lower(u.username) = lower(${query.username})`);
  if (query.status === 'active') where.push(inForce('s', now));
  if (query.cursor) where.push(sql`s.id < ${Number(query.cursor)}`);
  const rows = await deps.db.rows<SanctionRow>(
    sanctionRows(now, sql.join(where, sql` and `), sql`s.id desc`, PAGE + 1),
  );
  const page = rows.slice(0, PAGE);
  return {
    sanctions: page.map(presentSanction),
    nextCursor: rows.length > PAGE ? String(page[page.length - 1]!.id) : null,
  };
}

/** The player's own sanctions in force, for the banner. */
export async function ownSanctions(
  deps: Deps,
  userId: number,
): Promise<{ sanctions: SanctionDto[] }> {
  const now = nowOf(deps);
  const rows = await deps.db.rows<SanctionRow>(
    sanctionRows(now, sql`s.user_id = ${userId} and ${inForce('s', now)}`, sql`s.id desc`),
  );
  return { sanctions: rows.map(presentSanction) };
}

/**
 * Why a banned account may not sign in: its suspension in force; 'ended' when all ran out and
 * the sweep has not got to it yet (the account is made active here and may sign in); null for a
 * ban without a sanction row (none since migration 0043 made one for each old ban).
 */
export async function suspensionOf(
  deps: Pick<Deps, 'clock'>,
  q: Queryable,
  userId: number,
): Promise<SanctionDetails | 'ended' | null> {
  const [row] = await q.rows<{
    id: number;
    reason: string;
    ends_at: string | null;
    appealed: boolean;
  }>(sql`
    select s.id, s.reason, s.ends_at,
      exists (select 1 from sanction_appeals a where a.sanction_id = s.id) as appealed
    from sanctions s where s.user_id = ${userId} and s.scope = 'all' and ${inForce('s', nowOf(deps))}
    order by s.ends_at desc nulls first limit 1`);
  if (row)
    return {
      rule: 'sanction',
      sanctionId: String(row.id),
      scope: 'all',
      reason: row.reason,
      endsAt: row.ends_at === null ? null : new Date(row.ends_at).toISOString(),
      appealed: row.appealed,
    };
  const [ended] = await q.rows<{ n: number }>(sql`
    select count(*)::int as n from sanctions s where s.user_id = ${userId} and s.scope = 'all'`);
  if ((ended?.n ?? 0) === 0) return null;
  await endSuspensionsOf(deps, q, sql`values (${userId}::bigint)`);
  return 'ended';
}

/**
 * The sweep: timed suspensions that ran out make their accounts active again (any process;
 * the UPDATE is conditional). Looks a week back: older ones ended long ago, or the account
 * signed in since and suspensionOf ended it then.
 */
export async function endSuspensions(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const ids = await endSuspensionsOf(
    deps,
    deps.db,
    sql`select distinct s.user_id from sanctions s where s.scope = 'all' and s.lifted_at is null
      and s.ends_at is not null and s.ends_at <= ${now.toISOString()}
      and s.ends_at > ${new Date(now.getTime() - 7 * 24 * HOUR).toISOString()}`,
  );
  return ids.length;
}
