import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  QUIZ_MAX_STAKE,
  QUIZ_MODES,
  QUIZ_QUESTIONS,
} from '../../../../shared/games/quizDuel/rules';
import { quizDuelStates } from '../../../../shared/games/quizDuel/contract';
import { oneOf } from '../../../db/columns';
import { users } from '../../accounts/public';

/**
 * A quiz duel. open -> playing (joined: both stakes held, ledger quiz_stake) -> finished (paid
 * or refunded on a tie); open -> canceled (by its challenger) or expired (unjoined in time,
 * refunded). Every transition is one conditional UPDATE on state.
 *
 * A live duel's current question is on this row (current_q, q_opens_at, q_deadline): closing it
 * is the UPDATE that moves current_q on, so one process publishes each reveal. An asynchronous
 * duel's questions open per player, from started_at and that player's answers (service.ts).
 */
export const quizDuelMatches = pgTable(
  'quiz_duel_matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mode: text('mode', { enum: QUIZ_MODES }).notNull(),
    state: text('state', { enum: quizDuelStates }).notNull().default('open'),
    challengerId: bigint('challenger_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Null for an open challenge until someone joins. */
    opponentId: bigint('opponent_id', { mode: 'number' }).references(() => users.id),
    /** Whether the opponent was named by the challenger (an invite) rather than found or joining an open challenge. */
    invited: boolean('invited').notNull().default(false),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** The bank ids of the seven questions, in order (drawn by round_id). */
    questionIds: jsonb('question_ids').$type<string[]>().notNull(),
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    /**
     * Per question, the bank's answer index shown at each place (the round's shuffle), so a
     * shown pick maps back to the bank. Null for duels drawn before the shuffle: the bank's order.
     */
    choiceOrders: jsonb('choice_orders').$type<number[][]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** An unjoined challenge is refunded after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When each side's first question opens (async: at creation and at the join; live: both at the join + 3 s). */
    challengerStartAt: timestamp('challenger_start_at', { withTimezone: true }),
    opponentStartAt: timestamp('opponent_start_at', { withTimezone: true }),
    /** Live only: the open question and its window. */
    currentQ: smallint('current_q'),
    qOpensAt: timestamp('q_opens_at', { withTimezone: true }),
    qDeadline: timestamp('q_deadline', { withTimezone: true }),
    /** Live only: every opened question's [opens, deadline], as ISO strings, for the view of closed ones. */
    qWindows: jsonb('q_windows')
      .$type<[string, string][]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    challengerScore: integer('challenger_score').notNull().default(0),
    opponentScore: integer('opponent_score').notNull().default(0),
    /** Null for a tie (and until finished). */
    winnerId: bigint('winner_id', { mode: 'number' }).references(() => users.id),
    /** What the winner was paid and the loser got back, when the same-address cap cut the win (else null: the usual split). */
    winnerPayout: bigint('winner_payout', { mode: 'number' }),
    loserRefund: bigint('loser_refund', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('quiz_duels_challenger_idx').on(t.challengerId, t.id),
    index('quiz_duels_opponent_idx').on(t.opponentId, t.id),
    index('quiz_duels_open_idx')
      .on(t.mode, t.stake)
      .where(sql`${t.state} = 'open'`),
    index('quiz_duels_live_deadline_idx')
      .on(t.qDeadline)
      .where(sql`${t.state} = 'playing' and ${t.mode} = 'live'`),
    index('quiz_duels_async_playing_idx')
      .on(t.opponentStartAt)
      .where(sql`${t.state} = 'playing' and ${t.mode} = 'async'`),
    index('quiz_duels_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'open'`),
    check('quiz_duels_state_known', oneOf(t.state, quizDuelStates)),
    check('quiz_duels_mode_known', oneOf(t.mode, QUIZ_MODES)),
    check(
      'quiz_duels_stake_range',
      sql`${t.stake} between 1 and ${sql.raw(String(QUIZ_MAX_STAKE))}`,
    ),
    check(
      'quiz_duels_not_self',
      sql`${t.opponentId} is null or ${t.challengerId} <> ${t.opponentId}`,
    ),
    check(
      'quiz_duels_joined_has_opponent',
      sql`${t.state} in ('open', 'canceled', 'expired') or ${t.opponentId} is not null`,
    ),
    check(
      'quiz_duels_current_q_range',
      sql`${t.currentQ} is null or ${t.currentQ} between 0 and ${sql.raw(String(QUIZ_QUESTIONS))}`,
    ),
  ],
);

/** One player's answer to one duel question: the primary key makes the first answer final. */
export const quizDuelAnswers = pgTable(
  'quiz_duel_answers',
  {
    duelId: bigint('duel_id', { mode: 'number' })
      .notNull()
      .references(() => quizDuelMatches.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    q: smallint('q').notNull(),
    choice: smallint('choice').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    /** The server's receive time, which the points are computed from. */
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.duelId, t.userId, t.q] }),
    check('quiz_answers_choice_range', sql`${t.choice} between 0 and 3`),
  ],
);

/** The quiz's own counters: the leaderboard's wins and games, the daily best, today's net winnings (the cap). */
export const quizDuelStats = pgTable('quiz_duel_stats', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  wins: integer('wins').notNull().default(0),
  games: integer('games').notNull().default(0),
  dailyBest: integer('daily_best'),
  /** The UTC day won_today counts. */
  wonDay: text('won_day'),
  wonToday: bigint('won_today', { mode: 'number' }).notNull().default(0),
});

/** A UTC day's secret seed for its daily quiz: its hash is shown that day, the seed from the next. */
export const quizDuelDailySeeds = pgTable('quiz_duel_daily_seeds', {
  day: text('day').primaryKey(),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
});

/** A player's daily quiz of one day: started once, its answers below, paid once when done. */
export const quizDuelDailyPlays = pgTable(
  'quiz_duel_daily_plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    score: integer('score').notNull().default(0),
    right: integer('right').notNull().default(0),
    reward: integer('reward').notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('quiz_daily_plays_user_day_idx').on(t.userId, t.day)],
);

export const quizDuelDailyAnswers = pgTable(
  'quiz_duel_daily_answers',
  {
    playId: bigint('play_id', { mode: 'number' })
      .notNull()
      .references(() => quizDuelDailyPlays.id),
    q: smallint('q').notNull(),
    choice: smallint('choice').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playId, t.q] })],
);
