import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import type { QuizMode } from '../../../../shared/games/quizDuel/rules';
import type { QuizDuelState } from '../../../../shared/games/quizDuel/contract';
import { accountsSql } from '../../accounts/public';

export interface DuelRow {
  id: number;
  mode: QuizMode;
  state: QuizDuelState;
  challenger_id: number;
  opponent_id: number | null;
  invited: boolean;
  stake: number;
  question_ids: string[];
  choice_orders: number[][] | null;
  round_id: number;
  created_at: Date | string;
  expires_at: Date | string;
  challenger_start_at: Date | string | null;
  opponent_start_at: Date | string | null;
  current_q: number | null;
  q_opens_at: Date | string | null;
  q_deadline: Date | string | null;
  q_windows: [string, string][];
  challenger_score: number;
  opponent_score: number;
  winner_id: number | null;
  winner_payout: number | null;
  loser_refund: number | null;
  closed_at: Date | string | null;
  challenger_name: string;
  opponent_name: string | null;
}

export interface AnswerRow {
  user_id: number;
  q: number;
  choice: number;
  correct: boolean;
  points: number;
  answered_at: Date | string;
}

const duelSelect = sql`
  select d.id, d.mode, d.state, d.challenger_id, d.opponent_id, d.invited, d.stake, d.question_ids, d.choice_orders, d.round_id, d.created_at,
    d.expires_at, d.challenger_start_at, d.opponent_start_at, d.current_q, d.q_opens_at, d.q_deadline, d.q_windows,
    d.challenger_score, d.opponent_score, d.winner_id, d.winner_payout, d.loser_refund, d.closed_at, c.username as challenger_name, o.username as opponent_name
  from quiz_duel_matches d join ${accountsSql.users} c on c.id = d.challenger_id left join ${accountsSql.users} o on o.id = d.opponent_id`;

export async function findDuel(
  q: Queryable,
  id: number,
  lock = false,
): Promise<DuelRow | undefined> {
  // FOR UPDATE OF d: the users rows are only read (their accounts are locked by ledger.lockAccounts first).
  const [row] = await q.rows<DuelRow>(
    sql`${duelSelect} where d.id = ${id}${lock ? sql` for update of d` : sql``}`,
  );
  return row;
}

export const answersOf = (q: Queryable, duelId: number) =>
  q.rows<AnswerRow>(
    sql`select user_id, q, choice, correct, points, answered_at from quiz_duel_answers where duel_id = ${duelId} order by q, user_id`,
  );

/** Open challenges a player may join: not theirs, not addressed to someone else, newest first. */
export const openChallengesFor = (q: Queryable, userId: number, now: string) =>
  q.rows<DuelRow>(sql`${duelSelect}
    where d.state = 'open' and d.opponent_id is null and d.challenger_id <> ${userId} and d.expires_at > ${now}
    order by d.id desc limit 20`);

export const invitesTo = (q: Queryable, userId: number, now: string) =>
  q.rows<DuelRow>(sql`${duelSelect}
    where d.state = 'open' and d.opponent_id = ${userId} and d.expires_at > ${now}
    order by d.id desc limit 20`);

/** A player's duels, newest first: the open and playing ones and the last finished ones. */
export const duelsOf = (q: Queryable, userId: number) =>
  q.rows<DuelRow>(sql`
    select * from (
      (${duelSelect} where d.challenger_id = ${userId} order by d.id desc limit 20)
      union all
      (${duelSelect} where d.opponent_id = ${userId} order by d.id desc limit 20)
    ) mine order by id desc limit 20`);

/** Waiting live challenges for Find opponent, oldest first, in the stake range. */
export const waitingLiveChallenges = (
  q: Queryable,
  userId: number,
  low: number,
  high: number,
  now: string,
) =>
  q.rows<{ id: number; challenger_id: number }>(sql`
    select id, challenger_id from quiz_duel_matches
    where state = 'open' and mode = 'live' and opponent_id is null and challenger_id <> ${userId}
      and stake between ${low} and ${high} and expires_at > ${now}
    order by id limit 10`);

export async function openChallengeCount(
  q: Queryable,
  userId: number,
  now: string,
): Promise<number> {
  const [row] = await q.rows<{ n: number }>(
    sql`select count(*)::int as n from quiz_duel_matches where challenger_id = ${userId} and state = 'open' and expires_at > ${now}`,
  );
  return row?.n ?? 0;
}

export interface StatsRow {
  wins: number;
  games: number;
  daily_best: number | null;
  won_day: string | null;
  won_today: number;
}

export async function statsOf(q: Queryable, userId: number): Promise<StatsRow> {
  const [row] = await q.rows<StatsRow>(
    sql`select wins, games, daily_best, won_day, won_today from quiz_duel_stats where user_id = ${userId}`,
  );
  return row ?? { wins: 0, games: 0, daily_best: null, won_day: null, won_today: 0 };
}

/** Today's net winnings, zero once the UTC day has turned. */
export const wonOn = (stats: StatsRow, day: string): number =>
  stats.won_day === day ? Number(stats.won_today) : 0;

export interface LeaderRow {
  id: number;
  username: string;
  profile_image: string | null;
  wins: number;
  games: number;
}

/** The top active players by duel wins, then games. */
export const topQuizzers = (q: Queryable, limit: number) =>
  q.rows<LeaderRow>(sql`
    select u.id, u.username, u.profile_image, s.wins, s.games
    from quiz_duel_stats s join ${accountsSql.users} u on u.id = s.user_id and u.status = 'active' and u.role = 'user'
    where s.games > 0
    order by s.wins desc, s.games desc, u.id
    limit ${limit}`);
