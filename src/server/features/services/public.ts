import { sql, type SQL } from 'drizzle-orm';

/** What other features may use of services (DESIGN.md section 1a). */

/** A service's title as a scalar subquery (a notice names the service). */
export const serviceTitleOf = (id: unknown): SQL =>
  sql`(select title from services where id = ${id})`;
