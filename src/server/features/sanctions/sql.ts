import { sql, type SQL } from 'drizzle-orm';

/**
 * A player's sanctions in force as a JSON array (a scalar subquery): the session look-up reads
 * it with the session (platform/auth.ts), so a route of a sanctioned scope refuses without a
 * statement of its own. Usually empty: one probe of sanctions_not_lifted_idx.
 */
export const sanctionsInForceJson = (userId: SQL): SQL => sql`(
  select coalesce(json_agg(json_build_object('id', x.id::text, 'scope', x.scope, 'reason', x.reason,
      'endsAt', to_char(x.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'appealed', exists (select 1 from sanction_appeals a where a.sanction_id = x.id))), '[]'::json)
  from sanctions x
  where x.user_id = ${userId} and x.lifted_at is null and (x.ends_at is null or x.ends_at > now()))`;
