import type { FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import { communityTable, ranking } from './seasons';

/** A shared snapshot's age in seconds, as the leaderboards say theirs. */
function aged<V>(reply: FastifyReply, snapshot: { value: V; at: Date }, now: Date): V {
  void reply.header(
    'age',
    String(Math.max(0, Math.floor((now.getTime() - snapshot.at.getTime()) / 1000))),
  );
  return snapshot.value;
}

export const seasonHandlers = (deps: Deps) =>
  defineHandlers('seasons', {
    'GET /api/communities/leaderboard': async ({ query, reply }) =>
      aged(reply, await ranking(deps, query.season), deps.clock.now()),
    'GET /api/communities/:slug/leaderboard': async ({ params, query, user, reply }) =>
      aged(
        reply,
        await communityTable(deps, params.slug, user?.id ?? null, query),
        deps.clock.now(),
      ),
  });
