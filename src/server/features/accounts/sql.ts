import { sql, type SQL } from 'drizzle-orm';

/** An account id: a bound number, or SQL naming one (a column, a subquery). */
type Id = number | SQL;

/**
 * The SQL other features may send about users (DESIGN.md section 1a), so accounts knows every
 * reader of its table. Each fragment is the text the reader wrote itself, so a statement keeps
 * its joins, locks and round trips; the hot ones (wagers, purchases, game rounds, transfers)
 * use `users` itself inside their one statement.
 */
export const accountsSql = {
  /** The table, for a statement that joins, locks or updates it (wallet keeps balances in users.balance). */
  users: sql.raw('users'),
  /** The account's status, deleted ones included: `select status from users where id = …`. */
  statusOf: (id: Id): SQL => sql`select status from users where id = ${id}`,
  /** The account's coin balance: `select balance from users where id = …`. */
  balanceOf: (id: Id): SQL => sql`select balance from users where id = ${id}`,
  /** The balance of an account not deleted, as a scalar subquery: null for none (a user's own reads). */
  visibleBalanceOf: (id: Id): SQL =>
    sql`(select balance from users where id = ${id} and status <> 'deleted')`,
  /** The username as a scalar subquery. */
  usernameOf: (id: Id): SQL => sql`(select username from users where id = ${id})`,
  /** Whether the account is active, as an EXISTS condition. */
  isActive: (id: Id): SQL =>
    sql`exists (select 1 from users where id = ${id} and status = 'active')`,
  /**
   * A visible account as a report's target (features/reports): label, link, community_id,
   * owner_id.
   */
  reportTarget: (id: Id): SQL =>
    sql`select username as label, '/profile/' || username as link, null::bigint as community_id, id as owner_id from users where id = ${id} and status <> 'deleted'`,
  /** A visible account by name, ignoring case (usernames are unique that way): id, username, status. */
  byUsername: (name: string): SQL =>
    sql`select id, username, status from users where lower(username) = lower(${name}) and status <> 'deleted'`,
};
