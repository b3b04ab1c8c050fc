import { sql } from 'drizzle-orm';
import type { QuizChallengeBody } from '../../../../shared/games/quizDuel/contract';
import { QUIZ_LIVE_START_MS, shownPlaceOf } from '../../../../shared/games/quizDuel/rules';
import type { ManualClock } from '../../../platform/clock';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { registerUser, type TestServer, type TestUser } from '../../../testing/harness';
import { questionById } from './bankIndex';

/**
 * Quiz duel test helpers. Every player calls from an address of their own (the server trusts
 * one proxy hop in these tests), since what accounts seen on one address win from each other is capped.
 */
export function quizKit(server: TestServer, clock: ManualClock) {
  const addressOf = (user: TestUser) =>
    `10.${(user.id >> 16) & 255}.${(user.id >> 8) & 255}.${user.id & 255}`;
  const as = (user: TestUser, address = addressOf(user)) => ({
    token: user.token,
    headers: { 'x-forwarded-for': address },
  });

  /** The right choice's place on the players' screens for each of a duel's questions: the bank's answer through the duel's shuffle. */
  async function rightAnswers(duelId: string): Promise<number[]> {
    const [row] = await server.db.rows<{
      question_ids: string[];
      choice_orders: number[][] | null;
    }>(sql`select question_ids, choice_orders from quiz_duel_matches where id = ${Number(duelId)}`);
    return row!.question_ids.map((id, q) =>
      shownPlaceOf(row!.choice_orders?.[q], questionById(id).answer),
    );
  }

  const wrong = (right: number) => (right + 1) % 4;

  return {
    as,
    addressOf,
    rightAnswers,
    wrong,
    player: () => registerUser(server),
    lobby: (user: TestUser) => callRoute(server, 'GET /api/games/quiz-duel', as(user)),
    challenge: (user: TestUser, body: QuizChallengeBody) =>
      callRoute(server, 'POST /api/games/quiz-duel/challenge', { ...as(user), body }),
    join: (user: TestUser, id: string) =>
      callRoute(server, 'POST /api/games/quiz-duel/:id/join', { ...as(user), params: { id } }),
    cancel: (user: TestUser, id: string) =>
      callRoute(server, 'POST /api/games/quiz-duel/:id/cancel', { ...as(user), params: { id } }),
    view: (user: TestUser, id: string) =>
      callRoute(server, 'GET /api/games/quiz-duel/:id', { ...as(user), params: { id } }),
    answer: (user: TestUser, id: string, question: number, choice: number) =>
      callRouteRaw(server, 'POST /api/games/quiz-duel/:id/answer', {
        ...as(user),
        params: { id },
        body: { question, choice },
      }),
    /** Moves the clock past a countdown or a reveal pause. */
    wait: (ms = QUIZ_LIVE_START_MS) => clock.advance(ms),
    async duelRow(id: string) {
      const [row] = await server.db.rows<{
        state: string;
        current_q: number | null;
        winner_id: number | null;
      }>(sql`select state, current_q, winner_id from quiz_duel_matches where id = ${Number(id)}`);
      return row!;
    },
    async ledgerOf(id: string) {
      return server.db.rows<{ user_id: number; delta: number; category: string }>(sql`
        select user_id, delta, category from ledger where ref_type = 'quiz_duel' and ref_id = ${Number(id)} and user_id is not null order by id`);
    },
  };
}
