import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../shared/api/live';
import { callRoute } from '../../testing/callRoute';
import { useTestServer, type TestUser } from '../../testing/harness';
import { openLive, takeTicket, type LiveSocket } from '../../testing/liveClient';
import { crew, type Crew } from '../communities/builders';
import { createCommunityBet, predict } from './builders';

/**
 * Comments under a community bet, new odds and its settlement reach open pages live, told as the
 * community's feed is: everyone for a public community, its members for a private one.
 */
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });

const betIn = async (c: Crew): Promise<string> =>
  (
    await createCommunityBet(server, c.owner, c.slug, [
      { text: 'Yes', odds: 2 },
      { text: 'No', odds: 2 },
    ])
  )._id;

const socketOf = async (u: TestUser) => openLive(server.url, await takeTicket(server.url, u.token));

const about = (betId: string, change: 'comment' | 'removed') => (m: LiveMessage) =>
  m.kind === 'community.betComments' && m.payload.betId === betId && m.payload.change === change;

async function commentAndRemove(c: Crew, betId: string) {
  const posted = await callRoute(server, 'POST /api/communities/:slug/bets/:betId/comments', {
    token: c.member.token,
    params: { slug: c.slug, betId },
    body: { body: 'Yes, surely' },
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const removed = await callRoute(
    server,
    'DELETE /api/communities/:slug/bets/:betId/comments/:commentId',
    {
      token: c.moderator.token,
      params: { slug: c.slug, betId, commentId: posted.body._id },
      query: { reason: 'spoiler' },
    },
  );
  expect(removed.status, JSON.stringify(removed.body)).toBe(200);
}

describe('community.betComments', () => {
  it('tells a private community’s members of a comment and its removal, and nobody else', async () => {
    const c = await crew(server, { visibility: 'private' });
    const betId = await betIn(c);
    const sockets: LiveSocket[] = [await socketOf(c.owner), await socketOf(c.outsider)];
    const [member, outsider] = sockets as [LiveSocket, LiveSocket];
    try {
      await commentAndRemove(c, betId);
      expect((await member.next(about(betId, 'comment'))).payload).toEqual({
        slug: c.slug,
        betId,
        change: 'comment',
      });
      await member.next(about(betId, 'removed'));
      // Both reached the member, and they go out together: the outsider had its chance.
      expect(outsider.messages.filter((m) => m.kind === 'community.betComments')).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('tells everyone of a public community’s comments', async () => {
    const c = await crew(server);
    const betId = await betIn(c);
    const outsider = await socketOf(c.outsider);
    try {
      await commentAndRemove(c, betId);
      await outsider.next(about(betId, 'comment'));
      await outsider.next(about(betId, 'removed'));
    } finally {
      outsider.close();
    }
  });

  it('tells a private community’s members of new odds and of a void, and nobody else', async () => {
    const c = await crew(server, { visibility: 'private' });
    const betId = await betIn(c);
    const sockets: LiveSocket[] = [await socketOf(c.member), await socketOf(c.outsider)];
    const [member, outsider] = sockets as [LiveSocket, LiveSocket];
    try {
      const bet = await callRoute(server, 'GET /api/communities/:slug/bets/:betId', {
        token: c.member.token,
        params: { slug: c.slug, betId },
      });
      const yes = bet.body.bet.options[0]!._id;
      const repriced = await callRoute(
        server,
        'PATCH /api/communities/:slug/bets/:betId/odds/:optionId',
        {
          token: c.moderator.token,
          params: { slug: c.slug, betId, optionId: yes },
          body: { odds: 3 },
        },
      );
      expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
      const voided = await callRoute(server, 'POST /api/communities/:slug/bets/:betId/void', {
        token: c.moderator.token,
        params: { slug: c.slug, betId },
      });
      expect(voided.status, JSON.stringify(voided.body)).toBe(200);
      await member.next((m) => m.kind === 'bet.repriced' && m.payload.betId === betId);
      expect(
        (await member.next((m) => m.kind === 'bet.settled' && m.payload.betId === betId)).payload,
      ).toEqual({ betId, outcome: 'voided' });
      expect(
        outsider.messages.filter((m) => 'betId' in m.payload && m.payload.betId === betId),
      ).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('sends a private community bet’s vote counts to its members only, a public one’s to everyone', async () => {
    const [hidden, shown] = [await crew(server, { visibility: 'private' }), await crew(server)];
    const [hiddenBet, shownBet] = [await betIn(hidden), await betIn(shown)];
    const sockets: LiveSocket[] = [await socketOf(hidden.owner), await socketOf(hidden.outsider)];
    const [member, outsider] = sockets as [LiveSocket, LiveSocket];
    const votes = (betId: string) => (m: LiveMessage) =>
      m.kind === 'bet.votes' && m.payload.betId === betId;
    try {
      for (const [c, betId] of [
        [hidden, hiddenBet],
        [shown, shownBet],
      ] as const) {
        const res = await predict(server, c.member, betId, 'Yes', 10);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await member.next(votes(hiddenBet));
      // The public bet's count reaches the outsider, after the private one's went out.
      await outsider.next(votes(shownBet));
      expect(outsider.messages.filter(votes(hiddenBet))).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
