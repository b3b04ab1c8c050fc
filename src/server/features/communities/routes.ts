import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as feed from './feed';
import * as reads from './reads';
import * as roles from './roles';
import * as service from './service';

export const communityHandlers = (deps: Deps) =>
  defineHandlers('communities', {
    'GET /api/communities': async ({ query, user, reply }) => {
      const page = await reads.directory(deps, user?.id ?? null, query);
      // A shared page's age in seconds, as the leaderboards say theirs.
      if (page.at)
        void reply.header(
          'age',
          String(Math.max(0, Math.floor((deps.clock.now().getTime() - page.at.getTime()) / 1000))),
        );
      return page.value;
    },
    'POST /api/communities': async ({ body, user }) => ({
      message: `${body.name} is yours`,
      community: await service.createCommunity(deps, user.id, body),
    }),
    'POST /api/communities/join-by-invite': async ({ body, user }) =>
      service.joinByInvite(deps, user.id, body.code),
    'GET /api/communities/:slug': async ({ params, user }) =>
      reads.detail(deps, deps.db, params.slug, user?.id ?? null),
    'PATCH /api/communities/:slug': async ({ params, body, user }) => ({
      message: 'Saved',
      community: await service.editCommunity(deps, user.id, params.slug, body),
    }),
    'POST /api/communities/:slug/join': async ({ params, user }) =>
      service.join(deps, user.id, params.slug),
    'POST /api/communities/:slug/leave': async ({ params, user }) =>
      service.leave(deps, user.id, params.slug),
    'POST /api/communities/:slug/invites': async ({ params, body, user }) =>
      service.createInvite(deps, user.id, params.slug, body),
    'GET /api/communities/:slug/invites': async ({ params, user }) =>
      service.listInvites(deps, user.id, params.slug),
    'GET /api/communities/:slug/requests': async ({ params, user }) =>
      service.listRequests(deps, user.id, params.slug),
    'POST /api/communities/:slug/requests/:username/approve': async ({ params, user }) =>
      service.answerRequest(deps, user.id, params.slug, params.username, true),
    'POST /api/communities/:slug/requests/:username/deny': async ({ params, user }) =>
      service.answerRequest(deps, user.id, params.slug, params.username, false),
    'GET /api/communities/:slug/members': async ({ params, query, user }) =>
      reads.members(deps, params.slug, user?.id ?? null, query),
    'PATCH /api/communities/:slug/members/:username': async ({ params, body, user }) =>
      roles.setRole(deps, user.id, params.slug, params.username, body.role),
    'POST /api/communities/:slug/members/:username/transfer-ownership': async ({ params, user }) =>
      roles.transferOwnership(deps, user.id, params.slug, params.username),
    'POST /api/communities/:slug/members/:username/sanction': async ({ params, body, user }) =>
      roles.sanction(deps, user.id, params.slug, params.username, body),
    'POST /api/communities/:slug/treasury/donate': async ({ params, body, user }) =>
      service.donate(deps, user.id, params.slug, body.amount),
    'GET /api/communities/:slug/posts': async ({ params, query, user }) =>
      feed.feed(deps, params.slug, user?.id ?? null, query.cursor),
    'POST /api/communities/:slug/posts': async ({ params, body, user }) =>
      feed.createPost(deps, user.id, params.slug, body.body),
    'POST /api/communities/:slug/posts/:id/comments': async ({ params, body, user }) =>
      feed.createComment(deps, user.id, params.slug, params.id, body.body),
    'DELETE /api/communities/:slug/posts/:id': async ({ params, query, user }) =>
      feed.removePost(deps, user.id, params.slug, params.id, query.reason),
    'GET /api/communities/:slug/modlog': async ({ params, query, user }) =>
      feed.modlog(deps, params.slug, user?.id ?? null, query.cursor),
    'PUT /api/user/home-community': async ({ body, user }) =>
      service.setHome(deps, user.id, body.slug),
  });
