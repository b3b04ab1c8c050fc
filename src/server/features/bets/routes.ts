import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as community from './community';
import * as comments from './comments';
import * as service from './service';

export const betHandlers = (deps: Deps) =>
  defineHandlers('bets', {
    'GET /api/bets/active': async () => service.activeBets(deps),
    'GET /api/bets/mine': async ({ user }) => service.myBets(deps, user.id),
    'POST /api/bets/predict': async ({ body, user }) =>
      service.placeWager(deps, user.id, body.betId, body.choice, body.amount),
    'POST /api/bets/parlay': async ({ body, user }) =>
      service.placeParlay(deps, user.id, body.amount, body.bets, body.totalOdds),
    'POST /api/bets/create': async ({ body, user }) => ({
      message: 'Bet created',
      bet: await service.createBet(deps, user, body),
    }),
    'POST /api/bets/finalize': async ({ body, user }) =>
      service.finalizeBet(deps, user, body.betId, body.optionId),
    'GET /api/admin/bets': async ({ query }) => service.allBets(deps, query),
    'PATCH /api/admin/odds/:betTitle/:optionId': async ({ params, body, user }) =>
      service.setOdds(deps, user, params.betTitle, params.optionId, body.odds),
    'POST /api/admin/bets/:id/void': async ({ params, user }) =>
      service.voidBet(deps, user, params.id),
  });

export const communityBetHandlers = (deps: Deps) =>
  defineHandlers('communityBets', {
    'POST /api/communities/:slug/bets': async ({ params, body, user }) =>
      community.createCommunityBet(deps, user.id, params.slug, body),
    'GET /api/communities/:slug/bets': async ({ params, query, user }) =>
      community.listCommunityBets(deps, params.slug, user?.id ?? null, query.status, query.cursor),
    'GET /api/communities/:slug/bets/:betId': async ({ params, user }) =>
      community.communityBet(deps, params.slug, user?.id ?? null, params.betId),
    'PATCH /api/communities/:slug/bets/:betId/odds/:optionId': async ({ params, body, user }) =>
      community.setCommunityOdds(
        deps,
        user.id,
        params.slug,
        params.betId,
        params.optionId,
        body.odds,
      ),
    'POST /api/communities/:slug/bets/:betId/finalize': async ({ params, body, user }) =>
      community.settleCommunityBet(deps, user.id, params.slug, params.betId, body.optionId),
    'POST /api/communities/:slug/bets/:betId/void': async ({ params, user }) =>
      community.settleCommunityBet(deps, user.id, params.slug, params.betId, null),
    'GET /api/communities/:slug/bets/:betId/comments': async ({ params, query, user }) =>
      comments.listComments(deps, params.slug, user?.id ?? null, params.betId, query.cursor),
    'POST /api/communities/:slug/bets/:betId/comments': async ({ params, body, user }) =>
      comments.createComment(deps, user.id, params.slug, params.betId, body.body),
    'DELETE /api/communities/:slug/bets/:betId/comments/:commentId': async ({
      params,
      query,
      user,
    }) =>
      comments.removeComment(
        deps,
        user.id,
        params.slug,
        params.betId,
        params.commentId,
        query.reason,
      ),
  });
