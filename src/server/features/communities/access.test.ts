import { beforeAll, describe, expect, it } from 'vitest';
import { callRouteRaw, type RawRouteInput, type TestRouteName } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { useTestServer } from '../../testing/harness';
import {
  crew,
  expectNoSuchCommunity,
  expectNothingChanged,
  newSlug,
  writePost,
  type Crew,
} from './builders';

/**
 * Every community route against the same refusals: no token, bad input, a private community
 * seen from outside (exactly a slug that does not exist), a non-member, and a member (or a
 * moderator) asking for what needs more. Each refusal leaves the community as it was.
 */
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });

/** Who may do it: anyone who can see the community, its members, its moderators, its owner. */
type Need = 'anyone' | 'member' | 'moderator' | 'owner';

interface Ctx {
  /** A member the route acts on. */
  target: string;
  /** A post by the owner. */
  postId: string;
}

interface Case {
  route: TestRouteName;
  auth: 'user' | 'optional';
  need: Need;
  input: (slug: string, ctx: Ctx) => RawRouteInput;
  /** A bad input and the field its 400 must name. */
  bad: { input: (slug: string, ctx: Ctx) => RawRouteInput; field: string };
}

const long = 'x'.repeat(101);
const at = (slug: string) => ({ params: { slug } });
const member = (slug: string, ctx: Ctx) => ({ params: { slug, username: ctx.target } });
const post = (slug: string, ctx: Ctx) => ({ params: { slug, id: ctx.postId } });

const cases: Case[] = [
  {
    route: 'GET /api/communities/:slug',
    auth: 'optional',
    need: 'anyone',
    input: at,
    bad: { input: () => at(long), field: 'slug' },
  },
  {
    route: 'PATCH /api/communities/:slug',
    auth: 'user',
    need: 'moderator',
    input: (slug) => ({ ...at(slug), body: { description: 'new words' } }),
    bad: {
      input: (slug) => ({ ...at(slug), body: { visibility: 'secret' } }),
      field: 'visibility',
    },
  },
  {
    route: 'POST /api/communities/:slug/join',
    auth: 'user',
    need: 'anyone',
    input: at,
    bad: { input: () => at(long), field: 'slug' },
  },
  {
    route: 'POST /api/communities/:slug/leave',
    auth: 'user',
    need: 'member',
    input: at,
    bad: { input: () => at(long), field: 'slug' },
  },
  {
    route: 'POST /api/communities/:slug/invites',
    auth: 'user',
    need: 'moderator',
    input: (slug) => ({ ...at(slug), body: { maxUses: 2 } }),
    bad: { input: (slug) => ({ ...at(slug), body: { maxUses: 0 } }), field: 'maxUses' },
  },
  {
    route: 'GET /api/communities/:slug/invites',
    auth: 'user',
    need: 'moderator',
    input: at,
    bad: { input: () => at(long), field: 'slug' },
  },
  {
    route: 'GET /api/communities/:slug/requests',
    auth: 'user',
    need: 'moderator',
    input: at,
    bad: { input: () => at(long), field: 'slug' },
  },
  {
    route: 'POST /api/communities/:slug/requests/:username/approve',
    auth: 'user',
    need: 'moderator',
    input: member,
    bad: { input: (slug) => ({ params: { slug, username: long } }), field: 'username' },
  },
  {
    route: 'POST /api/communities/:slug/requests/:username/deny',
    auth: 'user',
    need: 'moderator',
    input: member,
    bad: { input: (slug) => ({ params: { slug, username: long } }), field: 'username' },
  },
  {
    route: 'GET /api/communities/:slug/members',
    auth: 'optional',
    need: 'anyone',
    input: at,
    bad: { input: (slug) => ({ ...at(slug), query: { role: 'king' } }), field: 'role' },
  },
  {
    route: 'PATCH /api/communities/:slug/members/:username',
    auth: 'user',
    need: 'owner',
    input: (slug, ctx) => ({ ...member(slug, ctx), body: { role: 'moderator' } }),
    bad: {
      input: (slug, ctx) => ({ ...member(slug, ctx), body: { role: 'owner' } }),
      field: 'role',
    },
  },
  {
    route: 'POST /api/communities/:slug/members/:username/transfer-ownership',
    auth: 'user',
    need: 'owner',
    input: member,
    bad: { input: (slug) => ({ params: { slug, username: long } }), field: 'username' },
  },
  {
    route: 'POST /api/communities/:slug/members/:username/sanction',
    auth: 'user',
    need: 'moderator',
    input: (slug, ctx) => ({
      ...member(slug, ctx),
      body: { action: 'mute', reason: 'noise', hours: 1 },
    }),
    bad: {
      input: (slug, ctx) => ({ ...member(slug, ctx), body: { action: 'mute', reason: 'noise' } }),
      field: 'hours',
    },
  },
  {
    route: 'POST /api/communities/:slug/treasury/donate',
    auth: 'user',
    need: 'member',
    input: (slug) => ({ ...at(slug), body: { amount: 5 } }),
    bad: { input: (slug) => ({ ...at(slug), body: { amount: -5 } }), field: 'amount' },
  },
  {
    route: 'GET /api/communities/:slug/posts',
    auth: 'optional',
    need: 'anyone',
    input: at,
    bad: { input: (slug) => ({ ...at(slug), query: { cursor: 'nonsense' } }), field: 'cursor' },
  },
  {
    route: 'POST /api/communities/:slug/posts',
    auth: 'user',
    need: 'member',
    input: (slug) => ({ ...at(slug), body: { body: 'hi all' } }),
    bad: { input: (slug) => ({ ...at(slug), body: { body: '   ' } }), field: 'body' },
  },
  {
    route: 'POST /api/communities/:slug/posts/:id/comments',
    auth: 'user',
    need: 'member',
    input: (slug, ctx) => ({ ...post(slug, ctx), body: { body: 'agreed' } }),
    bad: {
      input: (slug) => ({ params: { slug, id: 'abc' }, body: { body: 'agreed' } }),
      field: 'id',
    },
  },
  {
    route: 'DELETE /api/communities/:slug/posts/:id',
    auth: 'user',
    need: 'moderator',
    input: (slug, ctx) => ({ ...post(slug, ctx), query: { reason: 'off topic' } }),
    bad: {
      input: (slug, ctx) => ({ ...post(slug, ctx), query: { reason: 'r'.repeat(501) } }),
      field: 'reason',
    },
  },
  {
    route: 'GET /api/communities/:slug/modlog',
    auth: 'optional',
    need: 'anyone',
    input: at,
    bad: { input: (slug) => ({ ...at(slug), query: { cursor: 'nonsense' } }), field: 'cursor' },
  },
  {
    route: 'PUT /api/user/home-community',
    auth: 'user',
    need: 'member',
    input: (slug) => ({ body: { slug } }),
    bad: { input: () => ({ body: { slug: 42 } }), field: 'slug' },
  },
];

/** The routes that name no community: only the token and the input apply. */
const unscoped: Omit<Case, 'need'>[] = [
  {
    route: 'GET /api/communities',
    auth: 'optional',
    input: () => ({ query: { sort: 'members' } }),
    bad: { input: () => ({ query: { sort: 'loud' } }), field: 'sort' },
  },
  {
    route: 'POST /api/communities',
    auth: 'user',
    input: () => ({ body: { slug: newSlug(), name: 'Fresh one' } }),
    bad: { input: () => ({ body: { slug: 'Not A Slug!', name: 'Fresh one' } }), field: 'slug' },
  },
  {
    route: 'POST /api/communities/join-by-invite',
    auth: 'user',
    input: () => ({ body: { code: 'abcdefgh' } }),
    bad: { input: () => ({ body: { code: '' } }), field: 'code' },
  },
];

let open: Crew;
let secret: Crew;
let openCtx: Ctx;
let secretCtx: Ctx;

beforeAll(async () => {
  open = await crew(server);
  secret = await crew(server, { visibility: 'private', joinPolicy: 'invite' });
  openCtx = {
    target: open.member.username,
    postId: (await writePost(server, open.owner, open.slug))._id,
  };
  secretCtx = {
    target: secret.member.username,
    postId: (await writePost(server, secret.owner, secret.slug))._id,
  };
});

const call = (c: Pick<Case, 'route'>, input: RawRouteInput, token?: string) =>
  callRouteRaw(server, c.route, { ...input, token });

describe('every community route', () => {
  it('asks for a token where it needs one (401), changing nothing', async () => {
    for (const c of [...cases, ...unscoped].filter((x) => x.auth === 'user')) {
      const res = await expectNothingChanged(server, open.slug, () =>
        call(c, c.input(open.slug, openCtx)),
      );
      expectError(res, 401, { code: 'UNAUTHORIZED' });
    }
  });

  it('refuses bad input with a 400 naming the field, changing nothing', async () => {
    for (const c of [...cases, ...unscoped]) {
      const res = await expectNothingChanged(server, open.slug, () =>
        call(c, c.bad.input(open.slug, openCtx), open.owner.token),
      );
      expect(res.status, `${c.route}: ${JSON.stringify(res.body)}`).toBe(400);
      expectBadField(res, c.bad.field);
    }
  });

  it('answers a private community seen from outside exactly as a slug that does not exist', async () => {
    const missing = newSlug();
    for (const c of cases) {
      const tokens =
        c.auth === 'optional' ? [secret.outsider.token, undefined] : [secret.outsider.token];
      for (const token of tokens) {
        const hidden = await expectNothingChanged(server, secret.slug, () =>
          call(c, c.input(secret.slug, secretCtx), token),
        );
        expect(hidden.status, `${c.route}: ${JSON.stringify(hidden.body)}`).toBe(404);
        expectNoSuchCommunity(hidden, secret.slug);
        const absent = await call(c, c.input(missing, secretCtx), token);
        expectNoSuchCommunity(absent, missing);
        expect(JSON.stringify(hidden.body).replaceAll(secret.slug, '?')).toBe(
          JSON.stringify(absent.body).replaceAll(missing, '?'),
        );
      }
    }
  });

  it('refuses a non-member where members (or more) are needed with 403, changing nothing', async () => {
    for (const c of cases.filter((x) => x.need !== 'anyone')) {
      const res = await expectNothingChanged(server, open.slug, () =>
        call(c, c.input(open.slug, openCtx), open.outsider.token),
      );
      expect(res.status, `${c.route}: ${JSON.stringify(res.body)}`).toBe(403);
      expectError(res, 403, { code: 'FORBIDDEN', message: 'members' });
    }
  });

  it('refuses a plain member where a moderator is needed, and a moderator where the owner is (403)', async () => {
    const asMember = cases.filter((x) => x.need === 'moderator' || x.need === 'owner');
    expect(asMember.length).toBeGreaterThanOrEqual(10);
    for (const c of asMember) {
      const res = await expectNothingChanged(server, open.slug, () =>
        call(
          c,
          c.input(open.slug, { ...openCtx, target: open.moderator.username }),
          open.member.token,
        ),
      );
      expect(res.status, `${c.route}: ${JSON.stringify(res.body)}`).toBe(403);
      expectError(res, 403, { code: 'FORBIDDEN' });
    }
    for (const c of cases.filter((x) => x.need === 'owner')) {
      const res = await expectNothingChanged(server, open.slug, () =>
        call(c, c.input(open.slug, openCtx), open.moderator.token),
      );
      expectError(res, 403, { code: 'FORBIDDEN', message: 'owner' });
    }
  });

  it('lets a member or visitor read a public community, and members of a private one read it', async () => {
    for (const c of cases.filter((x) => x.route.startsWith('GET') && x.need === 'anyone')) {
      for (const token of [undefined, open.outsider.token, open.member.token]) {
        const res = await call(c, c.input(open.slug, openCtx), token);
        expect(res.status, `${c.route}: ${JSON.stringify(res.body)}`).toBe(200);
      }
      const inside = await call(c, c.input(secret.slug, secretCtx), secret.member.token);
      expect(inside.status, `${c.route}: ${JSON.stringify(inside.body)}`).toBe(200);
    }
  });
});
