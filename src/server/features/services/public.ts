import { sql, type SQL } from 'drizzle-orm';

/** What other features may use of services (DESIGN.md section 1a). */

/** A service's title as a scalar subquery (a notice names the service). */
export const serviceTitleOf = (id: unknown): SQL =>
  sql`(select title from services where id = ${id})`;

/** A service as a report's target (features/reports): label, link, community_id, owner_id. */
export const serviceReportTarget = (id: number): SQL =>
  sql`select title as label, '/services' as link, null::bigint as community_id, provider_id as owner_id from services where id = ${id}`;
