import type {
  QuizChallengeSummary,
  QuizDuelDto,
  QuizDuelSummary,
  QuizQuestionDto,
} from '../../../../shared/games/quizDuel/contract';
import {
  quizPayout,
  selfPacedWindows,
  shownChoices,
  shownPlaceOf,
  type QuizWindow,
} from '../../../../shared/games/quizDuel/rules';
import type { GameLeaderboardDto } from '../../../../shared/games/index';
import { questionById } from './bankIndex';
import type { AnswerRow, DuelRow, LeaderRow } from './queries';

const ms = (d: Date | string): number => new Date(d).getTime();
const iso = (d: Date | string | number): string => new Date(d).toISOString();

export type Side = 'challenger' | 'opponent';

export function sideOf(duel: DuelRow, userId: number): Side | null {
  if (Number(duel.challenger_id) === userId) return 'challenger';
  if (duel.opponent_id !== null && Number(duel.opponent_id) === userId) return 'opponent';
  return null;
}

const otherId = (duel: DuelRow, side: Side): number | null =>
  side === 'challenger'
    ? duel.opponent_id === null
      ? null
      : Number(duel.opponent_id)
    : Number(duel.challenger_id);
const startOf = (duel: DuelRow, side: Side) =>
  side === 'challenger' ? duel.challenger_start_at : duel.opponent_start_at;

/** A player's answers by question, and the receive times the self-paced windows are built from. */
function answersBy(answers: readonly AnswerRow[], userId: number | null): Map<number, AnswerRow> {
  return new Map(
    answers
      .filter((a) => userId !== null && Number(a.user_id) === userId)
      .map((a) => [Number(a.q), a]),
  );
}

/** A self-paced player's windows at `now` (none before they start). */
export function selfPacedOf(
  duel: DuelRow,
  side: Side,
  answers: readonly AnswerRow[],
  nowMs: number,
): { windows: QuizWindow[]; done: boolean } {
  const start = startOf(duel, side);
  if (start === null) return { windows: [], done: false };
  const userId = side === 'challenger' ? Number(duel.challenger_id) : Number(duel.opponent_id);
  const mine = answersBy(answers, userId);
  return selfPacedWindows(
    ms(start),
    new Map([...mine].map(([q, a]) => [q, ms(a.answered_at)])),
    nowMs,
  );
}

/** A live duel's questions opened by `now`: those before current_q are closed. */
function liveWindows(
  duel: DuelRow,
  nowMs: number,
): { q: number; opensAt: number; deadline: number; closed: boolean }[] {
  const current = duel.state === 'finished' ? duel.q_windows.length : (duel.current_q ?? 0);
  return duel.q_windows
    .map(([opens, deadline], q) => ({
      q,
      opensAt: ms(opens),
      deadline: ms(deadline),
      closed: q < current,
    }))
    .filter((w) => w.closed || w.opensAt <= nowMs);
}

/** Whether a duel is over (finished, or refunded after its challenger played): then its answers may be shown. */
const isOver = (duel: DuelRow): boolean => duel.state !== 'open' && duel.state !== 'playing';

/**
 * One question as its player sees it, answers in the duel's shuffled order. Until the duel is
 * over a closed question says only whether your own pick was right (and, live, the other side's
 * points): its right answer and the other side's pick would hand the key to a second account or
 * a watching bot, so they wait for the end.
 */
function questionDto(
  duel: DuelRow,
  q: number,
  opensAt: number,
  deadline: number,
  closed: boolean,
  mine?: AnswerRow,
  theirs?: AnswerRow,
  showTheirPoints = false,
): QuizQuestionDto {
  const question = questionById(duel.question_ids[q]!);
  const order = duel.choice_orders?.[q];
  const over = isOver(duel);
  return {
    index: q,
    template: question.template,
    prompt: question.prompt,
    subject: question.subject,
    choices: shownChoices(question.choices, order),
    opensAt: iso(opensAt),
    deadline: iso(deadline),
    yourChoice: mine ? Number(mine.choice) : null,
    // A live answer's points say whether it was right, so they wait for the close too.
    yourPoints: mine && closed ? Number(mine.points) : null,
    yourCorrect: mine && closed ? Boolean(mine.correct) : null,
    closed,
    answer: over ? shownPlaceOf(order, question.answer) : null,
    theirChoice: duel.state === 'finished' && theirs ? Number(theirs.choice) : null,
    theirPoints: closed && showTheirPoints ? (theirs ? Number(theirs.points) : 0) : null,
  };
}

const sum = (rows: Iterable<AnswerRow>, only?: (a: AnswerRow) => boolean) =>
  [...rows].reduce((n, a) => n + (only && !only(a) ? 0 : Number(a.points)), 0);

/** The duel as `viewerId` may see it at `nowMs`: no right answer before the duel is over. */
export function presentDuel(
  duel: DuelRow,
  answers: readonly AnswerRow[],
  viewerId: number,
  nowMs: number,
): QuizDuelDto {
  const side = sideOf(duel, viewerId);
  const mine = answersBy(answers, side ? viewerId : null);
  const theirs = answersBy(answers, side ? otherId(duel, side) : null);
  const finished = duel.state === 'finished';
  let questions: QuizQuestionDto[] = [];
  let yourTurnsDone = false;
  let yourScore = 0;
  let theirScore: number | null = null;
  if (side && duel.mode === 'live') {
    const windows = liveWindows(duel, nowMs);
    questions = windows.map((w) =>
      questionDto(duel, w.q, w.opensAt, w.deadline, w.closed, mine.get(w.q), theirs.get(w.q), true),
    );
    const closedQs = new Set(windows.filter((w) => w.closed).map((w) => w.q));
    yourScore = sum(mine.values(), (a) => closedQs.has(Number(a.q)));
    theirScore =
      duel.state === 'playing' || finished
        ? sum(theirs.values(), (a) => closedQs.has(Number(a.q)))
        : null;
    yourTurnsDone = finished;
  } else if (side) {
    const { windows, done } = selfPacedOf(duel, side, answers, nowMs);
    questions = windows.map((w) => {
      const closed = w.answeredAt !== null || w.deadline < nowMs;
      // The other side's points stay hidden until the duel is over, so nobody learns the result early.
      return questionDto(
        duel,
        w.q,
        w.opensAt,
        w.deadline,
        closed,
        mine.get(w.q),
        theirs.get(w.q),
        finished,
      );
    });
    yourTurnsDone = done;
    yourScore = sum(mine.values());
    theirScore = finished ? sum(theirs.values()) : null;
  }
  let result: QuizDuelDto['result'] = null;
  if (finished && side) {
    const winner = duel.winner_id === null ? null : Number(duel.winner_id);
    result =
      winner === null
        ? { outcome: 'tie', payout: Number(duel.stake) }
        : winner === viewerId
          ? {
              outcome: 'won',
              payout:
                duel.winner_payout === null
                  ? quizPayout(Number(duel.stake))
                  : Number(duel.winner_payout),
            }
          : { outcome: 'lost', payout: Number(duel.loser_refund ?? 0) };
  }
  return {
    _id: String(duel.id),
    mode: duel.mode,
    state: duel.state,
    stake: Number(duel.stake),
    prize: quizPayout(Number(duel.stake)),
    challenger: duel.challenger_name,
    opponent: duel.opponent_name,
    you: side,
    createdAt: iso(duel.created_at),
    expiresAt: iso(duel.expires_at),
    startsAt:
      duel.mode === 'live' && duel.q_windows[0]
        ? iso(duel.q_windows[0][0])
        : side && startOf(duel, side)
          ? iso(startOf(duel, side)!)
          : null,
    serverTime: iso(nowMs),
    questions,
    yourTurnsDone,
    yourScore,
    theirScore,
    result,
    roundId: side ? String(duel.round_id) : null,
  };
}

export const presentChallenge = (duel: DuelRow): QuizChallengeSummary => ({
  _id: String(duel.id),
  mode: duel.mode,
  challenger: duel.challenger_name,
  opponent: duel.opponent_name,
  stake: Number(duel.stake),
  createdAt: iso(duel.created_at),
  expiresAt: iso(duel.expires_at),
});

export function presentSummary(
  duel: DuelRow,
  answers: readonly AnswerRow[],
  viewerId: number,
  nowMs: number,
): QuizDuelSummary {
  const view = presentDuel(duel, answers, viewerId, nowMs);
  const side = view.you;
  const yourTurn =
    side !== null &&
    !view.yourTurnsDone &&
    (duel.state === 'playing' ||
      (duel.state === 'open' && duel.mode === 'async' && side === 'challenger'));
  return {
    _id: view._id,
    mode: view.mode,
    state: view.state,
    opponent: side === 'challenger' ? duel.opponent_name : duel.challenger_name,
    stake: view.stake,
    yourScore: view.yourScore,
    theirScore: view.theirScore,
    outcome: view.result?.outcome ?? null,
    yourTurn,
    createdAt: view.createdAt,
  };
}

export const presentQuizzer = (row: LeaderRow): GameLeaderboardDto['quizDuel'][number] => ({
  _id: String(row.id),
  username: row.username,
  profileImage: row.profile_image,
  wins: Number(row.wins),
  games: Number(row.games),
});
