import { sql } from 'drizzle-orm';
import type { AppealEntryDto, SanctionDto } from '../../../shared/api/sanctions';
import { logAdminAction } from '../../platform/adminLog';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { conflict, notFound, unauthorized } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import { burnVerifyTime, verifyPassword } from '../../platform/passwords';
import { findUserByUsername } from '../accounts/public';
import { presentAppealEntry, presentSanction, type SanctionRow } from './presenter';
import { inForce, nowOf, sanctionById, sanctionRows } from './queries';
import { liftIn } from './service';

const PAGE = 30;

/**
 * The player appeals one of their sanctions in force, once (the unique index decides a race).
 * Someone else's sanction answers 404, like one that does not exist.
 */
export async function appeal(
  deps: Deps,
  user: Pick<AuthUser, 'id'>,
  sanctionId: number,
  text: string,
): Promise<SanctionDto> {
  return deps.db.tx(async (tx) => {
    const [s] = await tx.rows<{ in_force: boolean }>(sql`
      select ${inForce('s', nowOf(deps))} as in_force from sanctions s
      where s.id = ${sanctionId} and s.user_id = ${user.id} for update`);
    if (!s) throw notFound(`id: you have no sanction with id ${sanctionId}`);
    if (!s.in_force) throw conflict('This sanction is over: there is nothing to appeal');
    const [made] = await tx.rows<{ id: number }>(sql`
      insert into sanction_appeals (sanction_id, text, created_at)
      values (${sanctionId}, ${text}, ${deps.clock.now().toISOString()})
      on conflict (sanction_id) do nothing returning id`);
    if (!made) throw conflict('You have appealed this sanction already: each is appealed once');
    return presentSanction((await sanctionById(tx, sanctionId, nowOf(deps)))!);
  });
}

/**
 * A suspended player has no session (a suspension ends them all): the password proves the
 * account, and the appeal is of the suspension in force.
 */
export async function appealSuspension(
  deps: Deps,
  body: { username: string; password: string; text: string },
): Promise<{ message: string }> {
  const found = await findUserByUsername(deps.db, body.username);
  if (!found) {
    await burnVerifyTime(body.password);
    throw unauthorized('Invalid username or password');
  }
  if (!(await verifyPassword(found.passwordHash, body.password)))
    throw unauthorized('Invalid username or password');
  const [s] = await deps.db.rows<{ id: number }>(sql`
    select s.id from sanctions s where s.user_id = ${found.id} and s.scope = 'all'
      and ${inForce('s', nowOf(deps))} order by s.id desc limit 1`);
  if (!s) throw conflict('This account is not suspended: sign in to see and appeal a sanction');
  await appeal(deps, { id: found.id }, Number(s.id), body.text);
  return { message: 'Your appeal is sent: an admin will answer it' };
}

export async function listAppeals(
  deps: Deps,
  query: { status: 'open' | 'decided'; cursor?: string | undefined },
): Promise<{ appeals: AppealEntryDto[]; nextCursor: string | null }> {
  const open = query.status === 'open';
  // Open ones oldest first (a queue), decided ones newest first (a record); keyset on the
  // appeal's id either way.
  const rows = await deps.db.rows<SanctionRow & { appeal_id: number }>(sql`
    select x.* from (${sanctionRows(
      nowOf(deps),
      sql`exists (select 1 from sanction_appeals a where a.sanction_id = s.id
        and a.decided_at is ${open ? sql`null` : sql`not null`}
        ${query.cursor ? (open ? sql`and a.id > ${Number(query.cursor)}` : sql`and a.id < ${Number(query.cursor)}`) : sql``})`,
      sql`s.id`,
    )}) x order by (x.appeal->>'id')::bigint ${open ? sql`asc` : sql`desc`} limit ${PAGE + 1}`);
  const page = rows.slice(0, PAGE);
  const last = page[page.length - 1];
  return {
    appeals: page.map(presentAppealEntry),
    nextCursor: rows.length > PAGE && last?.appeal ? String(last.appeal.id) : null,
  };
}

/**
 * Decides an appeal once (one conditional UPDATE): `lifted` also lifts the sanction if it is
 * still in force. The player is told the decision and the reply.
 */
export async function decide(
  deps: Deps,
  admin: Pick<AuthUser, 'id'>,
  appealId: number,
  body: { decision: 'upheld' | 'lifted'; reply: string },
): Promise<AppealEntryDto> {
  const { entry, userId } = await deps.db.tx(async (tx) => {
    const [done] = await tx.rows<{ sanction_id: number }>(sql`
      update sanction_appeals set decision = ${body.decision}, reply = ${body.reply},
        decided_at = ${deps.clock.now().toISOString()}, decided_by = ${admin.id}
      where id = ${appealId} and decided_at is null returning sanction_id`);
    if (!done) {
      const [exists] = await tx.rows(sql`select 1 from sanction_appeals where id = ${appealId}`);
      if (!exists) throw notFound(`id: no appeal with id ${appealId}`);
      throw conflict('This appeal is decided already');
    }
    const sanctionId = Number(done.sanction_id);
    if (body.decision === 'lifted') await liftIn(deps, tx, admin.id, sanctionId);
    const row = (await sanctionById(tx, sanctionId, nowOf(deps)))!;
    const [owner] = await tx.rows<{ user_id: number }>(
      sql`select user_id from sanctions where id = ${sanctionId}`,
    );
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'decide_appeal',
      details: `Appeal of ${row.username} against "${row.reason}": ${body.decision}. Reply: ${body.reply}`,
      target: row.username,
    });
    await recordEvent(tx, 'SanctionChanged', {
      sanctionId,
      userId: Number(owner!.user_id),
      change: body.decision === 'lifted' ? 'appeal_lifted' : 'appeal_upheld',
      scope: row.scope,
      reason: row.reason,
      endsAt: row.ends_at === null ? null : new Date(row.ends_at).toISOString(),
      reply: body.reply,
    });
    return { entry: presentAppealEntry(row), userId: Number(owner!.user_id) };
  });
  deps.sessions.forgetUser(userId);
  return entry;
}
