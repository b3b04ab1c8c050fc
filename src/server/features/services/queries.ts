import { sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/api/common';
import type { Queryable } from '../../db/client';
import type { ServiceRow } from './presenter';
import { accountsSql } from '../accounts/public';

const serviceSelect = (where: SQL) => sql`
  select s.id, s.title, s.description, s.price, s.status, s.auto_released, s.created_at, s.bought_at, s.finalized_at,
    s.completed_at, s.refunded_at,
    s.provider_id, p.username as provider_username, p.profile_image as provider_image, p.status as provider_status,
    s.buyer_id, b.username as buyer_username, b.profile_image as buyer_image, b.status as buyer_status
  from services s join ${accountsSql.users} p on p.id = s.provider_id left join ${accountsSql.users} b on b.id = s.buyer_id
  where ${where}`;

/** Below the previous page's last service, in a newest-first list. */
const below = (before: number | undefined) => (before ? sql`and s.id < ${before}` : sql``);

export async function findService(q: Queryable, id: number): Promise<ServiceRow | undefined> {
  const [row] = await q.rows<ServiceRow>(serviceSelect(sql`s.id = ${id}`));
  return row;
}

/** The marketplace: every listed service of an active provider, plus the caller's own open ones. */
export async function marketplace(
  q: Queryable,
  userId: number,
  page: PageQuery,
): Promise<ServiceRow[]> {
  return q.rows<ServiceRow>(sql`
    ${serviceSelect(sql`((s.status = 'listed' and p.status = 'active') or (s.provider_id = ${userId} and s.status <> 'deleted')) ${below(page.before)}`)}
    order by s.id desc limit ${page.limit}`);
}

export async function providedBy(
  q: Queryable,
  userId: number,
  page: PageQuery,
): Promise<ServiceRow[]> {
  return q.rows<ServiceRow>(
    sql`${serviceSelect(sql`s.provider_id = ${userId} and s.status <> 'deleted' ${below(page.before)}`)} order by s.id desc limit ${page.limit}`,
  );
}

export async function boughtBy(
  q: Queryable,
  userId: number,
  page: PageQuery,
): Promise<ServiceRow[]> {
  return q.rows<ServiceRow>(
    sql`${serviceSelect(sql`s.buyer_id = ${userId} ${below(page.before)}`)} order by s.id desc limit ${page.limit}`,
  );
}

/**
 * Closed services (completed or refunded) on one side, most recently closed first, a page at a
 * time: after the service `before` in that order (its close time, then its id).
 */
export async function history(
  q: Queryable,
  userId: number,
  side: 'provider' | 'buyer',
  page: PageQuery,
): Promise<ServiceRow[]> {
  const mine = side === 'provider' ? sql`s.provider_id = ${userId}` : sql`s.buyer_id = ${userId}`;
  const after = page.before
    ? sql`and (coalesce(s.completed_at, s.refunded_at), s.id) <
        (select coalesce(c.completed_at, c.refunded_at), c.id from services c where c.id = ${page.before})`
    : sql``;
  return q.rows<ServiceRow>(sql`
    ${serviceSelect(sql`${mine} and s.status in ('completed', 'refunded') ${after}`)}
    order by coalesce(s.completed_at, s.refunded_at) desc, s.id desc limit ${page.limit}`);
}

export interface ServiceHeader {
  id: number;
  status: string;
  provider_id: number;
  buyer_id: number | null;
  price: number;
}

export async function serviceHeader(q: Queryable, id: number): Promise<ServiceHeader | undefined> {
  const [row] = await q.rows<ServiceHeader>(
    sql`select id, status, provider_id, buyer_id, price from services where id = ${id}`,
  );
  return (
    row && {
      ...row,
      provider_id: Number(row.provider_id),
      buyer_id: row.buyer_id === null ? null : Number(row.buyer_id),
      price: Number(row.price),
    }
  );
}

/** Finalized services whose release time has passed (the sweep and the lazy release on reads). */
export async function overdueIds(
  q: Queryable,
  before: Date,
  onlyFor?: number,
  skip: number[] = [],
): Promise<number[]> {
  const whose =
    onlyFor === undefined ? sql`true` : sql`(provider_id = ${onlyFor} or buyer_id = ${onlyFor})`;
  const rows = await q.rows<{ id: number }>(sql`
    select id from services where status = 'finalized' and finalized_at <= ${before.toISOString()} and ${whose}${skip.length > 0 ? sql` and id not in ${skip}` : sql``}
    order by id limit 100`);
  return rows.map((r) => Number(r.id));
}
