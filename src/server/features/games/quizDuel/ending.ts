import { sql } from 'drizzle-orm';
import {
  QUIZ_LIVE_REVEAL_MS,
  QUIZ_QUESTION_MS,
  QUIZ_QUESTIONS,
  quizPayout,
  utcDay,
} from '../../../../shared/games/quizDuel/rules';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { publishLive } from '../../../platform/realtime/publish';
import { recordEvent } from '../../../platform/events';
import { quizDuel } from '../../../../shared/games/quizDuel/meta';
import { ledger } from '../../wallet/public';
import { allowedWin, settleOpenRound } from '../engine/public';
import { presentDuel, selfPacedOf } from './presenter';
import { answersOf, findDuel, type DuelRow } from './queries';

/*
 * How a quiz duel ends: a live question closed, an asynchronous duel found done, the scores
 * settled and paid, an account's open challenges refunded. The requests (service.ts) and the
 * sweeps (sweeps.ts) both end duels through these, under the lock order service.ts states.
 */

export const iso = (ms: number) => new Date(ms).toISOString();
export const msOf = (d: Date | string) => new Date(d).getTime();

/** A duel's parties' accounts; an open challenge's opponent is not known yet. */
export const partiesOf = (duel: Pick<DuelRow, 'challenger_id' | 'opponent_id'>): number[] =>
  [Number(duel.challenger_id), duel.opponent_id === null ? null : Number(duel.opponent_id)].filter(
    (id): id is number => id !== null,
  );

/** Each party's view, pushed to them; the lobby event tells their lobby to refetch. */
export async function tellParties(
  q: Queryable,
  duelId: number,
  nowMs: number,
  lobby = false,
): Promise<void> {
  const duel = await findDuel(q, duelId);
  if (!duel) return;
  const answers = await answersOf(q, duelId);
  for (const userId of partiesOf(duel)) {
    await publishLive(
      q,
      'quizDuel.update',
      { duelId: String(duelId), duel: presentDuel(duel, answers, userId, nowMs) },
      userId,
    );
    if (lobby) await publishLive(q, 'quizDuel.lobby', { duelId: String(duelId) }, userId);
  }
}

/**
 * Settles the round that drew a duel's questions once they can no longer be a secret to its
 * challenger (their own questions all closed, or the duel over); from then the round lists show
 * its outcome and the challenger may rotate seeds to check it.
 */
export async function settleQuestionsRound(q: Queryable, duelId: number): Promise<void> {
  await settleOpenRound(q, sql`(select round_id from quiz_duel_matches where id = ${duelId})`);
}

/** An asynchronous challenger who has played every question no longer needs the draw hidden. */
export async function settleRoundIfChallengerDone(
  q: Queryable,
  duel: DuelRow,
  nowMs: number,
): Promise<void> {
  if (duel.mode !== 'async') return;
  if (selfPacedOf(duel, 'challenger', await answersOf(q, Number(duel.id)), nowMs).done)
    await settleQuestionsRound(q, Number(duel.id));
}

/**
 * Closes live question `q` if both have answered or its deadline has passed, with one
 * conditional UPDATE (current_q = q), so of an answer, a sweep in this process and one in
 * another, exactly one moves it on and publishes the reveal. The next question opens
 * QUIZ_LIVE_REVEAL_MS later; after the last, the duel is settled in the same transaction.
 */
export async function closeLiveQuestion(
  deps: Deps,
  tx: Queryable,
  duelId: number,
  q: number,
  nowMs: number,
): Promise<boolean> {
  const next = q + 1;
  const opens = nowMs + QUIZ_LIVE_REVEAL_MS;
  const deadline = opens + QUIZ_QUESTION_MS;
  const hasNext = next < QUIZ_QUESTIONS;
  const [moved] = await tx.rows<{ id: number }>(sql`
    update quiz_duel_matches set current_q = ${next},
      q_opens_at = ${hasNext ? iso(opens) : null}, q_deadline = ${hasNext ? iso(deadline) : null},
      q_windows = ${hasNext ? sql`q_windows || ${JSON.stringify([[iso(opens), iso(deadline)]])}::jsonb` : sql`q_windows`}
    where id = ${duelId} and state = 'playing' and mode = 'live' and current_q = ${q}
      and (q_deadline <= ${iso(nowMs)} or (select count(*) from quiz_duel_answers a where a.duel_id = ${duelId} and a.q = ${q}) = 2)
    returning id`);
  if (!moved) return false;
  if (!hasNext) await settle(tx, duelId, nowMs);
  await tellParties(tx, duelId, nowMs);
  return true;
}

/** An asynchronous duel ends when both players' seven questions have closed. */
export async function finishIfDone(
  deps: Deps,
  tx: Queryable,
  duelId: number,
  nowMs: number,
): Promise<boolean> {
  const duel = (await findDuel(tx, duelId))!;
  if (duel.state !== 'playing' || duel.mode !== 'async') return false;
  const answers = await answersOf(tx, duelId);
  if (
    !selfPacedOf(duel, 'challenger', answers, nowMs).done ||
    !selfPacedOf(duel, 'opponent', answers, nowMs).done
  )
    return false;
  if (!(await settle(tx, duelId, nowMs))) return false;
  await tellParties(tx, duelId, nowMs, true);
  return true;
}

/**
 * The end: scores from the answers, then one conditional UPDATE playing -> finished, then the
 * payout (the pot less the house's cut, quizPayout) or, on a tie, both stakes back; the counters in the same transaction.
 * `forfeitedBy` ends it early with the other party as the winner, whatever the scores.
 */
async function settle(
  tx: Queryable,
  duelId: number,
  nowMs: number,
  forfeitedBy?: number,
): Promise<boolean> {
  const [scores] = await tx.rows<{ challenger: number; opponent: number }>(sql`
    select coalesce(sum(a.points) filter (where a.user_id = d.challenger_id), 0)::int as challenger,
           coalesce(sum(a.points) filter (where a.user_id = d.opponent_id), 0)::int as opponent
    from quiz_duel_matches d left join quiz_duel_answers a on a.duel_id = d.id where d.id = ${duelId} group by d.id`);
  const c = scores?.challenger ?? 0;
  const o = scores?.opponent ?? 0;
  const [duel] = await tx.rows<{
    challenger_id: number;
    opponent_id: number;
    stake: number;
    winner_id: number | null;
  }>(sql`
    update quiz_duel_matches set state = 'finished', closed_at = ${iso(nowMs)}, challenger_score = ${c}, opponent_score = ${o},
      winner_id = ${
        forfeitedBy === undefined
          ? sql`case when ${c}::int > ${o}::int then challenger_id when ${o}::int > ${c}::int then opponent_id end`
          : sql`case when challenger_id = ${forfeitedBy} then opponent_id else challenger_id end`
      },
      current_q = case when mode = 'live' then ${QUIZ_QUESTIONS}::smallint end, q_opens_at = null, q_deadline = null
    where id = ${duelId} and state = 'playing'
    returning challenger_id, opponent_id, stake, winner_id`);
  if (!duel) return false;
  await settleQuestionsRound(tx, duelId);
  const challengerId = Number(duel.challenger_id);
  const opponentId = Number(duel.opponent_id);
  const stake = Number(duel.stake);
  const ref = { refType: 'quiz_duel' as const, refId: duelId };
  const day = utcDay(new Date(nowMs));
  if (duel.winner_id === null) {
    await ledger.post(
      tx,
      [
        { userId: challengerId, delta: stake, category: 'quiz_refund', counterpartyId: opponentId },
        { userId: opponentId, delta: stake, category: 'quiz_refund', counterpartyId: challengerId },
      ],
      ref,
    );
  } else {
    const [winner, loser] =
      Number(duel.winner_id) === challengerId
        ? [challengerId, opponentId]
        : [opponentId, challengerId];
    // Between accounts sharing an address the win is capped; the cut part goes back to the loser.
    const win = quizPayout(stake) - stake;
    const allowed = await allowedWin(tx, winner, loser, win, nowMs);
    await ledger.post(
      tx,
      [
        { userId: winner, delta: stake + allowed, category: 'quiz_payout', counterpartyId: loser },
        { userId: loser, delta: win - allowed, category: 'quiz_refund', counterpartyId: winner },
      ],
      { ...ref, houseCategory: 'quiz_payout' },
    );
    if (allowed < win)
      await tx.rows(
        sql`update quiz_duel_matches set winner_payout = ${stake + allowed}, loser_refund = ${win - allowed} where id = ${duelId}`,
      );
    await tx.rows(sql`
      insert into quiz_duel_stats (user_id, wins, games, won_day, won_today) values (${winner}, 1, 0, ${day}, ${allowed})
      on conflict (user_id) do update set wins = quiz_duel_stats.wins + 1,
        won_today = case when quiz_duel_stats.won_day = ${day} then quiz_duel_stats.won_today else 0 end + ${allowed}, won_day = ${day}`);
  }
  await tx.rows(sql`
    insert into quiz_duel_stats (user_id, games) values (${challengerId}, 1), (${opponentId}, 1)
    on conflict (user_id) do update set games = quiz_duel_stats.games + 1`);
  // Each player hears the result (a duel ends on a timer as often as on their own answer).
  for (const [me, other] of [
    [challengerId, opponentId],
    [opponentId, challengerId],
  ] as const)
    await recordEvent(tx, 'DuelChanged', {
      duelKey: `quiz:${duelId}`,
      change: 'ended',
      gameName: quizDuel.name,
      link: `/games/${quizDuel.slug}`,
      fromUserId: other,
      toUserId: me,
      stake,
      outcome: duel.winner_id === null ? 'draw' : Number(duel.winner_id) === me ? 'won' : 'lost',
    });
  return true;
}

/**
 * Closing an account (deleted or banned) ends every duel of it, in the closure's transaction,
 * before accounts closes the row (after that no posting can name a deleted account, and a duel
 * left playing could never be settled). Open challenges, made or addressed to it, are refunded
 * to their challengers. A duel being played is forfeited by the leaver: the other player wins
 * the pot as for any win (less the house's cut, counted in their wins and daily winnings), because leaving is
 * the leaver's choice and voiding would let a player about to lose walk away from the stake;
 * the leaver's account takes nothing (a deleted one's balance is burned just after).
 */
export async function closeDuelsOf(deps: Deps, tx: Queryable, userId: number): Promise<void> {
  const mine = await tx.rows<{ challenger_id: number; opponent_id: number | null }>(sql`
    select challenger_id, opponent_id from quiz_duel_matches where (challenger_id = ${userId} or opponent_id = ${userId}) and state in ('open', 'playing')`);
  if (mine.length === 0) return;
  await ledger.lockAccounts(tx, mine.flatMap(partiesOf));
  const nowMs = deps.clock.now().getTime();
  const open = await tx.rows<{ id: number; stake: number; challenger_id: number }>(sql`
    update quiz_duel_matches set state = 'canceled', closed_at = ${iso(nowMs)}
    where (challenger_id = ${userId} or opponent_id = ${userId}) and state = 'open'
    returning id, stake, challenger_id`);
  for (const d of open.sort((a, b) => Number(a.id) - Number(b.id))) {
    await ledger.post(
      tx,
      [{ userId: Number(d.challenger_id), delta: Number(d.stake), category: 'quiz_refund' }],
      { refType: 'quiz_duel', refId: Number(d.id) },
    );
    await settleQuestionsRound(tx, Number(d.id));
    await tellParties(tx, Number(d.id), nowMs, true);
  }
  const playing = await tx.rows<{ id: number }>(sql`
    select id from quiz_duel_matches where (challenger_id = ${userId} or opponent_id = ${userId}) and state = 'playing' order by id for update`);
  for (const d of playing) {
    if (await settle(tx, Number(d.id), nowMs, userId))
      await tellParties(tx, Number(d.id), nowMs, true);
  }
}
