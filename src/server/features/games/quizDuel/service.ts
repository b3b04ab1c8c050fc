import { sql } from 'drizzle-orm';
import type {
  QuizAnswerBody,
  QuizAnswerResponse,
  QuizChallengeBody,
  QuizChallengeResponse,
  QuizDuelDto,
  QuizLobbyDto,
} from '../../../../shared/games/quizDuel/contract';
import {
  bankChoiceAt,
  drawQuiz,
  QUIZ_ASYNC_TTL_MS,
  QUIZ_CHOICES,
  QUIZ_DAILY_WIN_CAP,
  QUIZ_LIVE_START_MS,
  QUIZ_LIVE_WAIT_MS,
  QUIZ_MATCH_HIGH,
  QUIZ_MATCH_LOW,
  QUIZ_MAX_OPEN_CHALLENGES,
  QUIZ_MAX_STAKE,
  QUIZ_MIN_STAKE,
  QUIZ_QUESTION_MS,
  QUIZ_QUESTIONS,
  quizPoints,
  utcDay,
} from '../../../../shared/games/quizDuel/rules';
import { SAME_ADDRESS_DAILY_WIN_CAP } from '../../../../shared/games/engine/sameAddress';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { publishLive } from '../../../platform/realtime/publish';
import { recordEvent } from '../../../platform/events';
import { quizDuel } from '../../../../shared/games/quizDuel/meta';
import { ledger } from '../../wallet/public';
import { nextRounds } from '../engine/public';
import { bankSize, questionAt, questionById } from './bankIndex';
import {
  presentChallenge,
  presentDuel,
  presentSummary,
  selfPacedOf,
  sideOf,
  type Side,
} from './presenter';
import {
  answersOf,
  duelsOf,
  findDuel,
  invitesTo,
  openChallengeCount,
  openChallengesFor,
  statsOf,
  waitingLiveChallenges,
  wonOn,
  type AnswerRow,
  type DuelRow,
} from './queries';
import {
  closeLiveQuestion,
  finishIfDone,
  iso,
  msOf,
  partiesOf,
  settleQuestionsRound,
  settleRoundIfChallengerDone,
  tellParties,
} from './ending';
import { afterLiveClose, closeDueLive, expireOpen, finishDueAsync, scheduleLive } from './sweeps';
import { accountsSql } from '../../accounts/public';

/**
 * Quiz duels. Lock order in every transaction that can move coins: both parties' accounts
 * (ledger.lockAccounts, ascending ids), then the duel row (FOR UPDATE or its conditional
 * UPDATE), then the postings. An answer locks them too, because it may finish the duel and pay.
 */

const atWinCap = async (deps: Deps, userId: number): Promise<boolean> =>
  wonOn(await statsOf(deps.db, userId), utcDay(deps.clock.now())) >= QUIZ_DAILY_WIN_CAP;

async function refuseAtWinCap(deps: Deps, userId: number): Promise<void> {
  if (await atWinCap(deps, userId))
    throw conflict(
      `You have won the daily maximum of ${QUIZ_DAILY_WIN_CAP.toLocaleString('en-US')} coins from quiz duels; come back tomorrow (UTC)`,
    );
}

function postedBalance(balances: Map<number, number>, userId: number): number {
  const balance = balances.get(userId);
  if (balance === undefined)
    throw new Error(`quiz: the posting returned no balance for user ${userId}`);
  return balance;
}

async function viewOf(
  q: Queryable,
  duelId: number,
  userId: number,
  nowMs: number,
): Promise<QuizDuelDto> {
  const duel = await findDuel(q, duelId);
  if (!duel) throw notFound(`id: there is no quiz duel with id ${duelId}`);
  return presentDuel(duel, await answersOf(q, duelId), userId, nowMs);
}

// ---------------------------------------------------------------------------------------------
// Challenges, joins, cancels

/**
 * POST /api/games/quiz-duel/challenge. A named opponent gets an invite; no name: an open
 * asynchronous challenge anyone may join, or (live) Find opponent, which joins the oldest
 * waiting live challenge of a similar stake or else waits for one.
 */
export async function challenge(
  deps: Deps,
  userId: number,
  body: QuizChallengeBody,
): Promise<QuizChallengeResponse> {
  await refuseAtWinCap(deps, userId);
  const name = body.opponentUsername?.trim() ?? '';
  let opponent: { id: number; username: string } | null = null;
  if (name !== '') {
    const [found] = await deps.db.rows<{ id: number; username: string; status: string }>(
      sql`select id, username, status from ${accountsSql.users} where lower(username) = lower(${name})`,
    );
    if (!found || found.status === 'deleted')
      throw notFound(`opponentUsername: there is no user called ${name}`);
    if (Number(found.id) === userId)
      throw badRequest('opponentUsername: you cannot challenge yourself');
    if (found.status !== 'active')
      throw conflict(`${found.username} is ${found.status} and cannot play`);
    // Refused here, before any stake is taken, whatever join would refuse them today.
    if (await atWinCap(deps, Number(found.id))) {
      throw conflict(
        `${found.username} has won the daily maximum from quiz duels and cannot join a duel today (UTC); challenge them tomorrow`,
      );
    }
    opponent = { id: Number(found.id), username: found.username };
  } else if (body.mode === 'live') {
    const matched = await findOpponent(deps, userId, body.stake);
    if (matched) return { matched: true, duel: matched.duel, balance: matched.balance };
  }
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const result = await deps.db.tx(async (tx) => {
    await ledger.lockAccounts(tx, opponent ? [userId, opponent.id] : [userId], userId);
    if ((await openChallengeCount(tx, userId, nowIso)) >= QUIZ_MAX_OPEN_CHALLENGES) {
      throw conflict(
        `You can have at most ${QUIZ_MAX_OPEN_CHALLENGES} open challenges; cancel one or wait`,
      );
    }
    const params = { bankSize: bankSize(), count: QUIZ_QUESTIONS, choices: QUIZ_CHOICES };
    const [round] = await nextRounds(tx, userId, 'quiz-duel', 1, (draws) =>
      draws.map((d) => {
        const { questions, orders } = drawQuiz(d.serverSeed, d.clientSeed, d.nonce, params);
        // Open until the challenger has seen every question: an open round's outcome stays out of
        // the round lists and its seed pair cannot be rotated (which would reveal the draw).
        return {
          params,
          outcome: { questions, orders: orders!, ids: questions.map((p) => questionAt(p).id) },
          stake: 0,
          payout: 0,
          state: 'open' as const,
        };
      }),
    );
    const ids = round!.record.outcome.ids;
    const orders = round!.record.outcome.orders;
    const expiresAt = iso(
      now.getTime() + (body.mode === 'live' ? QUIZ_LIVE_WAIT_MS : QUIZ_ASYNC_TTL_MS),
    );
    // An asynchronous challenger plays at once: the first question opens after the countdown.
    const challengerStart = body.mode === 'async' ? iso(now.getTime() + QUIZ_LIVE_START_MS) : null;
    const [duel] = await tx.rows<{ id: number }>(sql`
      insert into quiz_duel_matches (mode, challenger_id, opponent_id, invited, stake, question_ids, choice_orders, round_id, created_at, expires_at, challenger_start_at)
      values (${body.mode}, ${userId}, ${opponent?.id ?? null}, ${opponent !== null}, ${body.stake}, ${JSON.stringify(ids)}::jsonb, ${JSON.stringify(orders)}::jsonb, ${round!.id},
        ${nowIso}, ${expiresAt}, ${challengerStart})
      returning id`);
    const duelId = Number(duel!.id);
    const balances = await ledger.post(
      tx,
      [{ userId, delta: -body.stake, category: 'quiz_stake', counterpartyId: opponent?.id }],
      { refType: 'quiz_duel', refId: duelId },
      { actorId: userId },
    );
    if (opponent) {
      await publishLive(tx, 'quizDuel.lobby', { duelId: String(duelId) }, opponent.id);
      await recordEvent(tx, 'DuelChanged', {
        duelKey: `quiz:${duelId}`,
        change: 'challenged',
        gameName: quizDuel.name,
        link: `/games/${quizDuel.slug}`,
        fromUserId: userId,
        toUserId: opponent.id,
        stake: body.stake,
        outcome: null,
      });
    }
    return { duelId, balance: postedBalance(balances, userId) };
  });
  deps.events.nudge();
  return {
    matched: false,
    duel: await viewOf(deps.db, result.duelId, userId, deps.clock.now().getTime()),
    balance: result.balance,
  };
}

/** Find opponent: the oldest waiting live challenge of a similar stake. */
async function findOpponent(
  deps: Deps,
  userId: number,
  stake: number,
): Promise<{ duel: QuizDuelDto; balance: number } | null> {
  const low = Math.max(QUIZ_MIN_STAKE, Math.ceil(stake * QUIZ_MATCH_LOW));
  const high = Math.min(QUIZ_MAX_STAKE, Math.floor(stake * QUIZ_MATCH_HIGH));
  const candidates = await waitingLiveChallenges(
    deps.db,
    userId,
    low,
    high,
    deps.clock.now().toISOString(),
  );
  for (const c of candidates) {
    try {
      return await joinDuel(deps, userId, Number(c.id));
    } catch (err) {
      // Someone else took it a moment ago: try the next.
      if (
        err instanceof Error &&
        'status' in err &&
        (err as { status: number }).status === 409 &&
        /just joined/.test(err.message)
      )
        continue;
      throw err;
    }
  }
  return null;
}

/** POST /api/games/quiz-duel/:id/join: an invite to you, or an open challenge. Ten joins at once: one wins. */
export async function join(
  deps: Deps,
  userId: number,
  duelId: number,
): Promise<{ duel: QuizDuelDto; balance: number }> {
  const [header] = await deps.db.rows<{
    challenger_id: number;
    opponent_id: number | null;
    invited: boolean;
    username: string;
  }>(sql`
    select d.challenger_id, d.opponent_id, d.invited, c.username from quiz_duel_matches d join ${accountsSql.users} c on c.id = d.challenger_id where d.id = ${duelId}`);
  const someoneElse =
    header &&
    header.opponent_id !== null &&
    Number(header.opponent_id) !== userId &&
    Number(header.challenger_id) !== userId;
  // An invite to another player is none of the caller's business; an open challenge just taken is.
  if (!header || (someoneElse && header.invited))
    throw notFound(`id: there is no quiz challenge with id ${duelId} open to you`);
  if (someoneElse) throw conflict('This challenge was just joined by someone else');
  if (Number(header.challenger_id) === userId)
    throw badRequest('id: you cannot join your own challenge');
  await refuseAtWinCap(deps, userId);
  return joinDuel(deps, userId, duelId);
}

async function joinDuel(
  deps: Deps,
  userId: number,
  duelId: number,
): Promise<{ duel: QuizDuelDto; balance: number }> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const start = now.getTime() + QUIZ_LIVE_START_MS;
  const result = await deps.db.tx(async (tx) => {
    const [header] = await tx.rows<{ challenger_id: number }>(
      sql`select challenger_id from quiz_duel_matches where id = ${duelId}`,
    );
    await ledger.lockAccounts(tx, [userId, Number(header!.challenger_id)], userId);
    const [duel] = await tx.rows<{
      id: number;
      mode: string;
      stake: number;
      challenger_id: number;
    }>(sql`
      update quiz_duel_matches set state = 'playing', opponent_id = ${userId}, opponent_start_at = ${iso(start)},
        challenger_start_at = case when mode = 'live' then ${iso(start)}::timestamptz else challenger_start_at end,
        current_q = case when mode = 'live' then 0 end,
        q_opens_at = case when mode = 'live' then ${iso(start)}::timestamptz end,
        q_deadline = case when mode = 'live' then ${iso(start + QUIZ_QUESTION_MS)}::timestamptz end,
        q_windows = case when mode = 'live' then ${JSON.stringify([[iso(start), iso(start + QUIZ_QUESTION_MS)]])}::jsonb else q_windows end
      where id = ${duelId} and state = 'open' and (opponent_id is null or opponent_id = ${userId}) and expires_at > ${nowIso}
      returning id, mode, stake, challenger_id`);
    if (!duel) throw conflict('This challenge was just joined, canceled or expired');
    const balances = await ledger.post(
      tx,
      [
        {
          userId,
          delta: -Number(duel.stake),
          category: 'quiz_stake',
          counterpartyId: Number(duel.challenger_id),
        },
      ],
      { refType: 'quiz_duel', refId: duelId },
      { actorId: userId },
    );
    await tellParties(tx, duelId, now.getTime(), true);
    return { balance: postedBalance(balances, userId), live: duel.mode === 'live' };
  });
  if (result.live) scheduleLive(deps, duelId, start, start + QUIZ_QUESTION_MS);
  return {
    duel: await viewOf(deps.db, duelId, userId, deps.clock.now().getTime()),
    balance: result.balance,
  };
}

/**
 * POST /api/games/quiz-duel/:id/cancel: the challenger takes an unjoined challenge back. An
 * asynchronous one only before its first question opened, so nobody cancels after a bad start.
 */
export async function cancel(
  deps: Deps,
  userId: number,
  duelId: number,
): Promise<{ duel: QuizDuelDto; balance: number }> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const balance = await deps.db.tx(async (tx) => {
    const [header] = await tx.rows<{ challenger_id: number; opponent_id: number | null }>(
      sql`select challenger_id, opponent_id from quiz_duel_matches where id = ${duelId}`,
    );
    if (!header || Number(header.challenger_id) !== userId)
      throw notFound(`id: you have no quiz challenge with id ${duelId}`);
    await ledger.lockAccounts(tx, partiesOf(header));
    const [duel] = await tx.rows<{ id: number; stake: number; opponent_id: number | null }>(sql`
      update quiz_duel_matches set state = 'canceled', closed_at = ${nowIso}
      where id = ${duelId} and challenger_id = ${userId} and state = 'open'
        and (mode = 'live' or challenger_start_at > ${nowIso})
      returning id, stake, opponent_id`);
    if (!duel) {
      const [row] = await tx.rows<{ state: string; mode: string }>(
        sql`select state, mode from quiz_duel_matches where id = ${duelId}`,
      );
      if (row?.state === 'open')
        throw conflict('You have started playing this challenge; it can no longer be canceled');
      throw conflict(`This challenge is already ${row?.state ?? 'gone'}; it cannot be canceled`);
    }
    const balances = await ledger.post(
      tx,
      [{ userId, delta: Number(duel.stake), category: 'quiz_refund' }],
      { refType: 'quiz_duel', refId: duelId },
    );
    await settleQuestionsRound(tx, duelId);
    await tellParties(tx, duelId, now.getTime(), true);
    return postedBalance(balances, userId);
  });
  return { duel: await viewOf(deps.db, duelId, userId, deps.clock.now().getTime()), balance };
}

// ---------------------------------------------------------------------------------------------
// Answers, reveals and the end

/**
 * POST /api/games/quiz-duel/:id/answer. Timed by the server's receive time; the answers'
 * primary key makes the first one final. A live question closes when both have answered (here)
 * or at its deadline (the sweep), by one conditional UPDATE either way.
 */
export async function answer(
  deps: Deps,
  userId: number,
  duelId: number,
  body: QuizAnswerBody,
): Promise<QuizAnswerResponse> {
  const received = deps.clock.now().getTime();
  const [header] = await deps.db.rows<{
    challenger_id: number;
    opponent_id: number | null;
    state: string;
  }>(sql`select challenger_id, opponent_id, state from quiz_duel_matches where id = ${duelId}`);
  if (!header || !partiesOf(header).includes(userId)) {
    throw notFound(`id: you have no quiz duel with id ${duelId}`);
  }
  // An ended duel's other party may be a deleted account, which the locks below would refuse.
  if (header.state !== 'open' && header.state !== 'playing')
    throw conflict(`This duel is ${header.state}; there is nothing to answer`);
  const outcome = await deps.db.tx(async (tx) => {
    await ledger.lockAccounts(tx, partiesOf(header));
    const duel = (await findDuel(tx, duelId, true))!;
    // A join after the header read added an account this transaction has not locked.
    if (partiesOf(duel).some((id) => !partiesOf(header).includes(id)))
      throw conflict('Your opponent just joined; answer again');
    const side = sideOf(duel, userId)!;
    const selfPacedOpen =
      duel.mode === 'async' &&
      (duel.state === 'playing' || (duel.state === 'open' && side === 'challenger'));
    if (!(duel.state === 'playing' || selfPacedOpen))
      throw conflict(`This duel is ${duel.state}; there is nothing to answer`);
    const answers = await answersOf(tx, duelId);
    const window =
      duel.mode === 'live'
        ? liveWindowFor(duel, body.question, received)
        : selfPacedWindowFor(duel, side, answers, body.question, received);
    const question = questionById(duel.question_ids[body.question]!);
    // The pick is a place on the player's screen; the shuffle maps it back to the bank's answer.
    const correct =
      bankChoiceAt(duel.choice_orders?.[body.question], body.choice) === question.answer;
    const points = quizPoints(correct, window.deadline - received, body.question);
    const [inserted] = await tx.rows<{ q: number }>(sql`
      insert into quiz_duel_answers (duel_id, user_id, q, choice, correct, points, answered_at)
      values (${duelId}, ${userId}, ${body.question}, ${body.choice}, ${correct}, ${points}, ${iso(received)})
      on conflict do nothing returning q`);
    if (!inserted) throw conflict('You already answered this question; the first answer is final');
    await tx.rows(
      sql`update quiz_duel_matches set ${side === 'challenger' ? sql`challenger_score = challenger_score` : sql`opponent_score = opponent_score`} + ${points} where id = ${duelId}`,
    );
    if (duel.mode === 'live') {
      const closed = await closeLiveQuestion(deps, tx, duelId, body.question, received);
      return { live: true, closed, correct, points };
    }
    if (side === 'challenger') await settleRoundIfChallengerDone(tx, duel, received);
    await finishIfDone(deps, tx, duelId, received);
    return { live: false, closed: true, correct, points };
  });
  deps.events.nudge();
  if (outcome.live && outcome.closed) afterLiveClose(deps, duelId);
  const duel = await viewOf(deps.db, duelId, userId, deps.clock.now().getTime());
  return outcome.closed
    ? { correct: outcome.correct, points: outcome.points, duel }
    : { correct: null, points: null, duel };
}

function liveWindowFor(duel: DuelRow, q: number, received: number): { deadline: number } {
  const current = duel.current_q ?? 0;
  if (q < current) throw conflict(`Question ${q + 1} has closed`);
  if (q > current || duel.q_opens_at === null || received < msOf(duel.q_opens_at))
    throw conflict(`Question ${q + 1} is not open yet`);
  const deadline = msOf(duel.q_deadline!);
  if (received > deadline) throw conflict(`Time is up for question ${q + 1}`);
  return { deadline };
}

function selfPacedWindowFor(
  duel: DuelRow,
  side: Side,
  answers: readonly AnswerRow[],
  q: number,
  received: number,
): { deadline: number } {
  const { windows } = selfPacedOf(duel, side, answers, received);
  const window = windows[q];
  if (!window) throw conflict(`Question ${q + 1} is not open yet`);
  if (window.answeredAt !== null)
    throw conflict('You already answered this question; the first answer is final');
  if (received > window.deadline) throw conflict(`Time is up for question ${q + 1}`);
  return { deadline: window.deadline };
}

// ---------------------------------------------------------------------------------------------
// Reads

/** GET /api/games/quiz-duel/:id: lazily closes what is due first, so a read never shows a stale open question. */
export async function duelView(deps: Deps, userId: number, duelId: number): Promise<QuizDuelDto> {
  const duel = await findDuel(deps.db, duelId);
  if (!duel) throw notFound(`id: there is no quiz duel with id ${duelId}`);
  const side = sideOf(duel, userId);
  // An invite to someone else is not yours to read; an open challenge anyone may see (without questions).
  if (side === null && !(duel.state === 'open' && duel.opponent_id === null))
    throw notFound(`id: there is no quiz duel with id ${duelId}`);
  if (duel.state === 'playing') {
    if (duel.mode === 'live') await closeDueLive(deps, [duelId]);
    else await finishDueAsync(deps, [duelId]);
  } else if (duel.state === 'open' && msOf(duel.expires_at) <= deps.clock.now().getTime()) {
    await expireOpen(deps, [Number(duel.challenger_id)]);
  } else if (duel.state === 'open' && side === 'challenger') {
    // A challenger whose last questions timed out (no answer to settle it on).
    await settleRoundIfChallengerDone(deps.db, duel, deps.clock.now().getTime());
  }
  return viewOf(deps.db, duelId, userId, deps.clock.now().getTime());
}

export async function lobby(deps: Deps, userId: number): Promise<QuizLobbyDto> {
  await expireOpen(deps, [userId]);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const [open, invites, mine, stats] = await Promise.all([
    openChallengesFor(deps.db, userId, nowIso),
    invitesTo(deps.db, userId, nowIso),
    duelsOf(deps.db, userId),
    statsOf(deps.db, userId),
  ]);
  const ids = mine.map((d) => Number(d.id));
  const answers =
    ids.length === 0
      ? []
      : await deps.db.rows<AnswerRow & { duel_id: number }>(sql`
    select duel_id, user_id, q, choice, correct, points, answered_at from quiz_duel_answers where duel_id in ${ids}`);
  return {
    openChallenges: open.map(presentChallenge),
    invites: invites.map(presentChallenge),
    duels: mine.map((d) =>
      presentSummary(
        d,
        answers.filter((a) => Number(a.duel_id) === Number(d.id)),
        userId,
        now.getTime(),
      ),
    ),
    stats: {
      wins: Number(stats.wins),
      games: Number(stats.games),
      dailyBest: stats.daily_best === null ? null : Number(stats.daily_best),
    },
    limits: {
      minStake: QUIZ_MIN_STAKE,
      maxStake: QUIZ_MAX_STAKE,
      dailyWinCap: QUIZ_DAILY_WIN_CAP,
      wonToday: wonOn(stats, utcDay(now)),
      sameAddressWinCap: SAME_ADDRESS_DAILY_WIN_CAP,
    },
  };
}
