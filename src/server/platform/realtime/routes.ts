import type { FastifyInstance } from 'fastify';
import { LIVE_PATH } from '@shared/api/live';
import type { Deps } from '../deps';
import { defineHandlers } from '../routing';
import { TICKET_SECONDS } from './hub';

export function liveHandlers(deps: Deps) {
  return defineHandlers('live', {
    'POST /api/live/ticket': async ({ user, tokenHash }) => ({
      ticket: await deps.live.issueTicket(user.id, tokenHash),
      expiresIn: TICKET_SECONDS,
    }),
  });
}

/** The socket itself: not a JSON route, so it stands outside the contract table. */
export function registerLiveSocket(app: FastifyInstance, deps: Deps): void {
  app.get<{ Querystring: { ticket?: string } }>(
    LIVE_PATH,
    { websocket: true },
    (socket, request) => {
      void deps.live.accept(
        socket,
        typeof request.query.ticket === 'string' ? request.query.ticket : undefined,
      );
    },
  );
}
