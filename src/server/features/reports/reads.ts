import { sql, type SQL } from 'drizzle-orm';
import type { ReportDto } from '../../../shared/api/reports';
import type { ReportAction, ReportReason, ReportTargetType } from '../../../shared/reports';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { accountsSql } from '../accounts/public';
import { communityFor, communitySlugOf, requireModerator } from '../communities/public';

const REPORTS_PAGE = 30;

interface ReportRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  target_label: string;
  target_link: string | null;
  reason: ReportReason;
  details: string;
  reporter: string | null;
  status: 'open' | 'resolved';
  queue: 'moderators' | 'admins';
  community: string | null;
  created_at: string;
  escalated_at: string | null;
  resolved_at: string | null;
  resolver: string | null;
  action: ReportAction | null;
  note: string | null;
}

const iso = (t: string) => new Date(t).toISOString();

function present(r: ReportRow): ReportDto {
  return {
    _id: String(r.id),
    targetType: r.target_type,
    targetId: String(r.target_id),
    target: { label: r.target_label, link: r.target_link },
    reason: r.reason,
    details: r.details,
    reporter: r.reporter,
    status: r.status,
    queue: r.queue,
    community: r.community,
    createdAt: iso(r.created_at),
    escalatedAt: r.escalated_at ? iso(r.escalated_at) : null,
    resolution:
      r.action && r.resolved_at
        ? { action: r.action, note: r.note ?? '', by: r.resolver, at: iso(r.resolved_at) }
        : null,
  };
}

/** Reports as the queues show them, with names read now (a renamed player shows the new name). */
const selectReports = (where: SQL, order: SQL, limit: number): SQL => sql`
  select r.id, r.target_type, r.target_id, r.target_label, r.target_link, r.reason, r.details,
    r.status, r.queue, r.created_at, r.escalated_at, r.resolved_at, r.action, r.note,
    ${accountsSql.usernameOf(sql`r.reporter_id`)} as reporter,
    ${accountsSql.usernameOf(sql`r.resolved_by`)} as resolver,
    ${communitySlugOf(sql`r.community_id`)} as community
  from reports r where ${where} order by ${order} limit ${limit}`;

export async function reportById(q: Queryable, id: number): Promise<ReportDto> {
  const [row] = await q.rows<ReportRow>(selectReports(sql`r.id = ${id}`, sql`r.id`, 1));
  if (!row) throw new Error(`report ${id} vanished inside its own transaction`);
  return present(row);
}

interface ListQuery {
  status: 'open' | 'resolved';
  targetType?: ReportTargetType | undefined;
  cursor?: string | undefined;
}

/**
 * A keyset page: open reports oldest first (a queue is worked from its head), resolved ones
 * newest first; the cursor is the last `_id` of the previous page.
 */
async function page(
  q: Queryable,
  scope: SQL,
  query: ListQuery,
): Promise<{ reports: ReportDto[]; nextCursor: string | null }> {
  const open = query.status === 'open';
  const after = query.cursor
    ? open
      ? sql`and r.id > ${Number(query.cursor)}`
      : sql`and r.id < ${Number(query.cursor)}`
    : sql``;
  const rows = await q.rows<ReportRow>(
    selectReports(
      sql`${scope} and r.status = ${query.status}
        ${query.targetType ? sql`and r.target_type = ${query.targetType}` : sql``} ${after}`,
      open ? sql`r.id` : sql`r.id desc`,
      REPORTS_PAGE + 1,
    ),
  );
  const shown = rows.slice(0, REPORTS_PAGE);
  return {
    reports: shown.map(present),
    nextCursor: rows.length > REPORTS_PAGE ? String(shown[shown.length - 1]!.id) : null,
  };
}

/** The admins' queue: reports on anything but community content, and what was escalated. */
export const adminQueue = (deps: Deps, query: ListQuery) =>
  page(deps.db, sql`r.queue = 'admins'`, query);

/** A community's reports, for its moderators: the ones they decide and those handed on. */
export async function communityQueue(
  deps: Deps,
  userId: number,
  slug: string,
  query: ListQuery,
): Promise<{ reports: ReportDto[]; nextCursor: string | null }> {
  const c = await communityFor(deps.db, slug, userId);
  requireModerator(c);
  return page(deps.db, sql`r.community_id = ${c.id}`, query);
}
