import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GamesProgressDto } from '../../../../shared/games/routes';
import type { GameLeaderboardDto } from '../../../../shared/api/leaderboard';
import type {
  RpsCancelResponse,
  RpsChallengeDto,
  RpsHistoryDto,
  RpsInviteDto,
  RpsMove,
  RpsPlayResponse,
  RpsResolvedResponse,
  RpsWaitingResponse,
} from '../../../../shared/games/rps/contract';
import { call, registerUser, type TestServer, type TestUser } from '../../../testing/harness';

/** The duel calls and checks the rps test files share, bound to their file's server. */
export function rpsKit(server: TestServer) {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  const play = (user: TestUser, opponentUsername: string, buyIn: unknown, userChoice: unknown) =>
    call<RpsPlayResponse>(server, 'POST', '/api/games/rps', {
      token: user.token,
      body: { opponentUsername, buyIn, userChoice },
    });
  const invites = (user: TestUser) =>
    call<RpsInviteDto[]>(server, 'GET', '/api/games/rps/invites', { token: user.token });
  const challenges = (user: TestUser) =>
    call<RpsChallengeDto[]>(server, 'GET', '/api/games/rps/challenges', { token: user.token });
  const history = (user: TestUser) =>
    call<RpsHistoryDto[]>(server, 'GET', '/api/games/rps/history', { token: user.token });
  const cancel = (user: TestUser, id: string) =>
    call<RpsCancelResponse>(server, 'POST', `/api/games/rps/${id}/cancel`, { token: user.token });
  const progress = (user: TestUser) =>
    call<GamesProgressDto>(server, 'GET', '/api/games/progress', { token: user.token });
  const leaderboard = (user: TestUser) =>
    call<GameLeaderboardDto>(server, 'GET', '/api/games/leaderboard', { token: user.token });

  async function challenge(
    from: TestUser,
    to: TestUser,
    buyIn: number,
    move: RpsMove,
  ): Promise<RpsWaitingResponse> {
    const res = await play(from, to.username, buyIn, move);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('waiting');
    return res.body as RpsWaitingResponse;
  }

  async function answer(
    by: TestUser,
    challenger: TestUser,
    buyIn: number,
    move: RpsMove,
  ): Promise<RpsResolvedResponse> {
    const res = await play(by, challenger.username, buyIn, move);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('resolved');
    return res.body as RpsResolvedResponse;
  }

  const pair = async () => [await registerUser(server), await registerUser(server)] as const;

  async function duelState(id: string): Promise<string> {
    const [row] = await server.db.rows<{ state: string }>(
      sql`select state from rps_duels where id = ${id}`,
    );
    return row?.state ?? 'missing';
  }

  async function ledgerOf(duelId: string) {
    return server.db.rows<{ user_id: number | null; delta: number; category: string }>(sql`
      select user_id, delta, category from ledger where ref_type = 'duel' and ref_id = ${duelId} and user_id is not null order by id`);
  }

  return {
    sha256,
    play,
    invites,
    challenges,
    history,
    cancel,
    progress,
    leaderboard,
    challenge,
    answer,
    pair,
    duelState,
    ledgerOf,
  };
}
