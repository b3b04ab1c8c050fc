import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import type { RoundGame } from '../../../../shared/games/engine/roundGames';
import type { RoundRow } from './presenter';

/**
 * A user's rounds, newest first, before the id `before` and of `games` when given; the server
 * seed only once its pair was rotated.
 */
export const roundsOf = (
  q: Queryable,
  userId: number,
  before: number | undefined,
  limit: number,
  games?: readonly RoundGame[],
) =>
  q.rows<RoundRow>(sql`
    select r.id, r.game, r.stake, r.payout, r.created_at, r.state, s.server_seed_hash,
      case when s.revealed_at is not null then s.server_seed end as server_seed,
      r.client_seed, r.nonce, r.params, r.outcome
    from game_rounds r join fairness_seeds s on s.id = r.seed_id
    where r.user_id = ${userId} ${before ? sql`and r.id < ${before}` : sql``}
      ${
        games?.length
          ? sql`and r.game in (${sql.join(
              games.map((g) => sql`${g}`),
              sql`, `,
            )})`
          : sql``
      }
    order by r.id desc limit ${limit}`);

/**
 * The rounds table, for a game whose hot statements read and move its own rounds (Minefield's
 * board lives in its round's outcome): interpolated, the statement stays the one it was.
 */
export const roundsTable = sql.raw('game_rounds');

/** How many of a user's staked rounds there are, counting no further than `upTo`. */
export const stakedRoundsUpTo = (userId: unknown, upTo: number) =>
  sql`(select count(*) from (select 1 from game_rounds where user_id = ${userId} and stake > 0 limit ${upTo}) r)`;

/** Settles round `roundId` (an id or a subquery) if it is still open, paying nothing more. */
export async function settleOpenRound(q: Queryable, roundId: unknown): Promise<void> {
  await q.rows(sql`
    update game_rounds set state = 'settled', settled_at = now()
    where id = ${roundId} and state = 'open'`);
}

/** Rounds back from the newest that the observed returns look at, however rarely a game is played. */
const RETURNS_WINDOW_ROWS = 1_000_000;

/**
 * Each game's staked and paid coins over its last `last` settled staked rounds (GET /metrics,
 * beside the published returns). The rounds table has no index by game, so each game's rounds
 * are found walking back from the newest by id, and only among the newest RETURNS_WINDOW_ROWS
 * rounds: a game nobody plays any more costs a bounded scan, not the whole table.
 */
export async function observedReturns(
  q: Queryable,
  games: readonly string[],
  last: number,
): Promise<{ game: string; rounds: number; staked: number; paid: number }[]> {
  if (games.length === 0) return [];
  const rows = await q.rows<{ game: string; rounds: number; staked: string; paid: string }>(sql`
    with newest as (select coalesce(max(id), 0) as id from game_rounds)
    select g.game, r.rounds, r.staked::text, r.paid::text
    from (values ${sql.join(
      games.map((g) => sql`(${g}::text)`),
      sql`, `,
    )}) as g(game)
    cross join lateral (
      select count(*)::int as rounds, coalesce(sum(stake), 0) as staked, coalesce(sum(payout), 0) as paid
      from (select stake, payout from game_rounds, newest
        where game = g.game and stake > 0 and state = 'settled' and game_rounds.id > newest.id - ${RETURNS_WINDOW_ROWS}
        order by game_rounds.id desc limit ${last}) x
    ) r`);
  return rows.map((r) => ({
    game: r.game,
    rounds: r.rounds,
    staked: Number(r.staked),
    paid: Number(r.paid),
  }));
}

/**
 * The player's (SQL) game rounds in [from, to), by when they were played, as one row: `played`,
 * and `won`, the settled ones that paid more than they staked (the communities' seasons count
 * both). One pass over the player's rounds, for a lateral join.
 */
export const roundCountsBetween = (userId: SQL, from: string, to: string): SQL =>
  sql`select count(*)::int as played, count(*) filter (where state = 'settled' and payout > stake)::int as won
    from game_rounds where user_id = ${userId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`;
