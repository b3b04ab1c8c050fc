import type { FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import { leaderboards } from './service';

/** How fresh the board is: its age in seconds, as a cache would say it. */
function aged<V>(reply: FastifyReply, snapshot: { value: V; at: Date }, now: Date): V {
  void reply.header(
    'age',
    String(Math.max(0, Math.floor((now.getTime() - snapshot.at.getTime()) / 1000))),
  );
  return snapshot.value;
}

export const leaderboardHandlers = (deps: Deps) => {
  const boards = leaderboards(deps);
  return defineHandlers('leaderboard', {
    'GET /api/leaderboard/users': async ({ query, reply }) =>
      aged(reply, await boards.topUsers(query.sort), deps.clock.now()),
    'GET /api/games/leaderboard': async ({ reply }) =>
      aged(reply, await boards.gameLeaderboard(), deps.clock.now()),
  });
};
