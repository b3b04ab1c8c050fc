import { sql, type SQL } from 'drizzle-orm';
import type { ReportDto } from '../../../shared/api/reports';
import {
  REPORT_ESCALATE_HOURS,
  REPORT_TARGET_TYPES,
  REPORTS_PER_HOUR,
  type ReportAction,
  type ReportReason,
  type ReportTargetType,
} from '../../../shared/reports';
import type { Queryable } from '../../db/client';
import { logAdminAction } from '../../platform/adminLog';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import { accountsSql } from '../accounts/public';
import { betReportTarget } from '../bets/public';
import {
  communityFor,
  communityReportTarget,
  postReportTarget,
  requireModerator,
} from '../communities/public';
import { serviceReportTarget } from '../services/public';
import { reportById } from './reads';

const HOUR = 3_600_000;

interface Target {
  label: string;
  link: string | null;
  community_id: number | null;
  owner_id: number | null;
}

/** Each target through its owner's public.ts: what the reporter may see, or nothing. */
function targetQuery(type: ReportTargetType, id: number, viewerId: number): SQL {
  switch (type) {
    case 'user':
      return accountsSql.reportTarget(id);
    case 'service':
      return serviceReportTarget(id);
    case 'bet':
      return betReportTarget(id);
    case 'post':
    case 'comment':
      return postReportTarget(id, type, viewerId);
    case 'community':
      return communityReportTarget(id, viewerId);
  }
}

/**
 * Counts a report against REPORTS_PER_HOUR in the report's transaction: one conditional upsert
 * (a window of an hour from its first report), so ten racing reports cannot make eleven.
 */
async function countReport(q: Queryable, userId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  const windowOver = sql`report_quota.window_start <= ${at}::timestamptz - interval '1 hour'`;
  const [row] = await q.rows<{ count: number }>(sql`
    insert into report_quota (user_id, window_start, count) values (${userId}, ${at}, 1)
    on conflict (user_id) do update set
      window_start = case when ${windowOver} then excluded.window_start else report_quota.window_start end,
      count = case when ${windowOver} then 1 else report_quota.count + 1 end
    where ${windowOver} or report_quota.count < ${REPORTS_PER_HOUR}
    returning count`);
  if (row) return;
  const [quota] = await q.rows<{ window_start: string }>(
    sql`select window_start from report_quota where user_id = ${userId}`,
  );
  const ends = quota ? new Date(quota.window_start).getTime() + HOUR : now.getTime() + HOUR;
  const seconds = Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
  throw new AppError(
    429,
    'RATE_LIMITED',
    `You can file ${REPORTS_PER_HOUR} reports an hour; try again in ${Math.ceil(seconds / 60)} min`,
    { retryAfterSeconds: seconds },
  );
}

export async function fileReport(
  deps: Deps,
  reporterId: number,
  body: { targetType: ReportTargetType; targetId: number; reason: ReportReason; details: string },
): Promise<{ message: string; _id: string }> {
  const what = REPORT_TARGET_TYPES[body.targetType];
  const [target] = await deps.db.rows<Target>(
    targetQuery(body.targetType, body.targetId, reporterId),
  );
  if (!target)
    throw notFound(`No ${what} with id ${body.targetId} to report`, [
      { field: 'targetId', rule: 'not_found', value: String(body.targetId) },
    ]);
  if (body.targetType === 'user' && target.owner_id === reporterId)
    throw badRequest('targetId: you cannot report yourself', [{ field: 'targetId', rule: 'self' }]);
  const now = deps.clock.now();
  const id = await deps.db.tx(async (tx) => {
    await countReport(tx, reporterId, now);
    // The open-report index refuses a second one (nothing is written, the count rolls back).
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into reports (reporter_id, target_type, target_id, target_label, target_link,
        community_id, reason, details, queue, created_at)
      values (${reporterId}, ${body.targetType}, ${body.targetId}, ${target.label}, ${target.link},
        ${target.community_id}, ${body.reason}, ${body.details},
        ${target.community_id === null ? 'admins' : 'moderators'}, ${now.toISOString()})
      on conflict (reporter_id, target_type, target_id) where status = 'open' do nothing
      returning id`);
    if (!row)
      throw conflict(`You already reported this ${what}: it is waiting to be looked at`, [
        { field: 'targetId', rule: 'taken', value: String(body.targetId) },
      ]);
    return row.id;
  });
  return {
    message:
      target.community_id === null
        ? 'Thank you: the admins will look at it'
        : "Thank you: the community's moderators will look at it",
    _id: String(id),
  };
}

interface Resolution {
  action: ReportAction;
  note: string;
}

interface Resolved {
  id: number;
  reporter_id: number;
  target_type: ReportTargetType;
  target_label: string;
}

/** Why a report `scope` allows could not be resolved or escalated: not there, or no longer open. */
async function explainRefusal(q: Queryable, id: number, scope: SQL): Promise<never> {
  const [row] = await q.rows<{ status: string; queue: string }>(
    sql`select status, queue from reports r where r.id = ${id} and ${scope}`,
  );
  if (!row)
    throw notFound(`No report with id ${id}`, [
      { field: 'id', rule: 'not_found', value: String(id) },
    ]);
  if (row.status === 'resolved') throw conflict('This report is already resolved');
  throw conflict('This report was handed on to the site admins: they decide it now');
}

/**
 * Resolves in one conditional UPDATE (a second resolution, by anyone, finds it resolved: 409)
 * and records the event that tells the reporter, in the same transaction.
 */
async function resolve(
  tx: Queryable,
  deps: Deps,
  id: number,
  scope: SQL,
  by: number,
  r: Resolution,
  /** What the caller may see of refused ones (wider than `scope`: a moderator sees escalated ones). */
  visible: SQL = scope,
): Promise<Resolved> {
  const [row] = await tx.rows<Resolved>(sql`
    update reports r set status = 'resolved', resolved_at = ${deps.clock.now().toISOString()},
      resolved_by = ${by}, action = ${r.action}, note = ${r.note}
    where r.id = ${id} and r.status = 'open' and ${scope}
    returning r.id, r.reporter_id, r.target_type, r.target_label`);
  if (!row) return explainRefusal(tx, id, visible);
  await recordEvent(tx, 'ReportResolved', {
    reportId: row.id,
    reporterId: row.reporter_id,
    targetType: row.target_type,
    label: row.target_label,
    action: r.action,
  });
  return row;
}

export async function resolveAsAdmin(
  deps: Deps,
  admin: AuthUser,
  id: number,
  r: Resolution,
): Promise<{ message: string; report: ReportDto }> {
  return deps.db
    .tx(async (tx) => {
      const row = await resolve(tx, deps, id, sql`true`, admin.id, r);
      await logAdminAction(tx, {
        adminId: admin.id,
        action: 'resolve_report',
        details: `Resolved report ${id} on the ${REPORT_TARGET_TYPES[row.target_type]} "${row.target_label.slice(0, 60)}": ${r.action}${r.note ? ` (${r.note.slice(0, 200)})` : ''}`,
        target: `report:${id}`,
      });
      return { message: 'Report resolved; the reporter is told', report: await reportById(tx, id) };
    })
    .finally(() => deps.events.nudge());
}

/** Moderators decide reports on their community's content while those wait for them. */
const moderatorsScope = (communityId: number): SQL =>
  sql`r.community_id = ${communityId} and r.queue = 'moderators'`;

export async function resolveAsModerator(
  deps: Deps,
  userId: number,
  slug: string,
  id: number,
  r: Resolution,
): Promise<{ message: string; report: ReportDto }> {
  return deps.db
    .tx(async (tx) => {
      const c = await communityFor(tx, slug, userId);
      requireModerator(c);
      await resolve(tx, deps, id, moderatorsScope(c.id), userId, r, sql`r.community_id = ${c.id}`);
      return { message: 'Report resolved; the reporter is told', report: await reportById(tx, id) };
    })
    .finally(() => deps.events.nudge());
}

export async function escalate(
  deps: Deps,
  userId: number,
  slug: string,
  id: number,
): Promise<{ message: string; report: ReportDto }> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    requireModerator(c);
    const scope = moderatorsScope(c.id);
    const [row] = await tx.rows<{ id: number }>(sql`
      update reports r set queue = 'admins', escalated_at = ${deps.clock.now().toISOString()}
      where r.id = ${id} and r.status = 'open' and ${scope} returning r.id`);
    if (!row) await explainRefusal(tx, id, sql`r.community_id = ${c.id}`);
    return { message: 'Handed on to the site admins', report: await reportById(tx, id) };
  });
}

/**
 * The sweep: reports its moderators left unresolved for REPORT_ESCALATE_HOURS go to the admins.
 * One conditional UPDATE, so any number of processes may run it at once.
 */
export async function escalateDue(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now().toISOString();
  const rows = await deps.db.rows<{ id: number }>(sql`
    update reports set queue = 'admins', escalated_at = ${now}
    where status = 'open' and queue = 'moderators'
      and created_at <= ${now}::timestamptz - make_interval(hours => ${REPORT_ESCALATE_HOURS})
    returning id`);
  return rows.length;
}
