import { sql, type SQL } from 'drizzle-orm';
import { RPS_HISTORY_LIMIT, RPS_LEADERBOARD_SIZE } from '../../../../shared/games/rps/contract';
import type { Queryable } from '../../../db/client';
import { statRows, statValue } from '../../../platform/stats';
import type { ChallengeRow, HistoryRow, InviteRow, LeaderboardRow } from './presenter';
import { accountsSql } from '../../accounts/public';

export interface Opponent {
  id: number;
  username: string;
  status: string;
}

export async function findOpponent(q: Queryable, username: string): Promise<Opponent | undefined> {
  const [row] = await q.rows<Opponent>(accountsSql.byUsername(username));
  return row && { ...row, id: Number(row.id) };
}

/** Open challenges past their 24 hours, oldest first; `onlyFor` limits them to duels of those users, `skip` leaves rows out. */
export function dueChallenges(q: Queryable, now: string, onlyFor?: number[], skip: number[] = []) {
  const scope =
    onlyFor && onlyFor.length > 0
      ? sql` and (challenger_id in ${onlyFor} or opponent_id in ${onlyFor})`
      : skip.length > 0
        ? sql` and id not in ${skip}`
        : sql``;
  return q.rows<{ id: number; challenger_id: number; opponent_id: number }>(sql`
    select id, challenger_id, opponent_id from rps_duels where state = 'open' and expires_at <= ${now}${scope} order by id limit 500`);
}

export const invitesTo = (q: Queryable, userId: number, now: Date) =>
  q.rows<InviteRow>(sql`
    select d.id, u.username, d.buy_in, d.commitment, d.created_at, d.expires_at
    from rps_duels d join ${accountsSql.users} u on u.id = d.challenger_id
    where d.opponent_id = ${userId} and d.state = 'open' and d.expires_at > ${now.toISOString()}
    order by d.id`);

export const challengesFrom = (q: Queryable, userId: number, now: Date) =>
  q.rows<ChallengeRow>(sql`
    select d.id, u.username, d.buy_in, d.challenger_move, d.commitment, d.created_at, d.expires_at
    from rps_duels d join ${accountsSql.users} u on u.id = d.opponent_id
    where d.challenger_id = ${userId} and d.state = 'open' and d.expires_at > ${now.toISOString()}
    order by d.id`);

export const resolvedDuelsOf = (q: Queryable, userId: number) =>
  q.rows<HistoryRow>(sql`
    select d.id, d.challenger_id, c.username as challenger_name, o.username as opponent_name, d.buy_in,
      d.challenger_move, d.opponent_move, d.winner_id, d.salt, d.commitment, d.closed_at
    from rps_duels d join ${accountsSql.users} c on c.id = d.challenger_id join ${accountsSql.users} o on o.id = d.opponent_id
    where (d.challenger_id = ${userId} or d.opponent_id = ${userId}) and d.state = 'resolved'
    order by d.closed_at desc, d.id desc limit ${RPS_HISTORY_LIMIT}`);

/**
 * The user's duel figures as one json value (a scalar expression for the games progress read):
 * wins from the rps_wins counter, games from the duels they finished, draws included. Counted
 * per side, each on its own index (bench:reads planned the `or` of both sides as a scan of every
 * resolved duel); no duel has one player on both sides (a self-challenge is refused), as the
 * leaderboard's count also assumes.
 */
export const duelFiguresJson = (userId: SQL): SQL => sql`json_build_object(
    'wins', coalesce(${statValue(userId, 'rps_wins')}, 0),
    'games', (select count(*) from rps_duels where challenger_id = ${userId} and state = 'resolved')
      + (select count(*) from rps_duels where opponent_id = ${userId} and state = 'resolved'))`;

/** The top active players by duel wins (the rps_wins counter), then games played. */
export const topDuelists = (q: Queryable) =>
  q.rows<LeaderboardRow>(sql`
    with played as (
      select user_id, count(*)::bigint as games from (
        select challenger_id as user_id from rps_duels where state = 'resolved'
        union all
        select opponent_id from rps_duels where state = 'resolved'
      ) p group by user_id
    )
    select u.id, u.username, u.profile_image, coalesce(s.value, 0)::bigint as wins, p.games
    from played p join ${accountsSql.users} u on u.id = p.user_id and u.status = 'active' and u.role = 'user' -- admins are not ranked
      left join ${statRows('rps_wins')} s on s.user_id = u.id
    order by wins desc, p.games desc, u.id
    limit ${RPS_LEADERBOARD_SIZE}`);
