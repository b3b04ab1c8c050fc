import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CommunityRole } from '../../../shared/communities';
import type { SeasonChoice, SeasonSort } from '../../../shared/seasons';
import { api } from '../../lib/api';
import { useLiveConnected } from '../../lib/liveSocket';
import { useSession } from '../../lib/session';

export type DirectorySort = 'active' | 'members' | 'new';

/**
 * Everything about one community sits under `one(slug)`, so an act there refreshes its page
 * in one call; every list is keyed by the token too, since membership decides what it shows.
 */
export const communityKeys = {
  all: ['communities'] as const,
  directory: (token: string | null, q: string, sort: DirectorySort) =>
    ['communities', 'directory', token, q, sort] as const,
  one: (slug: string) => ['communities', 'c', slug.toLowerCase()] as const,
  detail: (slug: string, token: string | null) =>
    [...communityKeys.one(slug), 'detail', token] as const,
  /** Every reader's feed of the community; live events invalidate this prefix. */
  feed: (slug: string) => [...communityKeys.one(slug), 'feed'] as const,
  members: (slug: string, token: string | null, role: CommunityRole | null) =>
    [...communityKeys.one(slug), 'members', token, role] as const,
  modlog: (slug: string, token: string | null) =>
    [...communityKeys.one(slug), 'modlog', token] as const,
  invites: (slug: string, token: string | null) =>
    [...communityKeys.one(slug), 'invites', token] as const,
  requests: (slug: string, token: string | null) =>
    [...communityKeys.one(slug), 'requests', token] as const,
  season: (slug: string, token: string | null, season: SeasonChoice, sort: SeasonSort) =>
    [...communityKeys.one(slug), 'season', token, season, sort] as const,
  ranking: (season: 'current' | 'previous') => ['communities', 'ranking', season] as const,
  bets: (slug: string, token: string | null, status: CommunityBetStatus) =>
    [...communityKeys.one(slug), 'bets', token, status] as const,
  bet: (slug: string, betId: string, token: string | null) =>
    [...communityKeys.one(slug), 'bet', betId, token] as const,
  /** Every reader's comments on a bet; live events invalidate this prefix. */
  betCommentsAll: (slug: string, betId: string) =>
    [...communityKeys.one(slug), 'bet', betId, 'comments'] as const,
  betComments: (slug: string, betId: string, token: string | null) =>
    [...communityKeys.betCommentsAll(slug, betId), token] as const,
};

export type CommunityBetStatus = 'open' | 'settled';

/**
 * A bet's live events name only the bet, so app/liveEvents.ts reads a community's bets and the
 * bet on screen again when one arrives, and comments have their own; while the socket is down,
 * everything is read again on this beat.
 */
const BETS_POLL_MS = 30_000;

/** The opaque keyset cursor of a page, or undefined after the last one. */
const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;
const firstCursor = null as string | null;

export function useDirectory(q: string, sort: DirectorySort) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: communityKeys.directory(token, q, sort),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/communities', {
        query: { q: q || undefined, sort, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursor,
  });
}

export function useCommunity(slug: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.detail(slug, token),
    queryFn: ({ signal }) => api('GET /api/communities/:slug', { params: { slug }, signal }),
    // A 404 (no such community, or a private one) will not change by asking again.
    retry: false,
  });
}

/** New posts arrive as live events (app/liveEvents.ts); without the socket the feed polls. */
const FEED_POLL_MS = 30_000;

export function useFeed(slug: string) {
  const { token } = useSession();
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: [...communityKeys.feed(slug), token] as const,
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/communities/:slug/posts', {
        params: { slug },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursor,
    refetchInterval: live ? false : FEED_POLL_MS,
  });
}

export function useMembers(slug: string, role: CommunityRole | null) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: communityKeys.members(slug, token, role),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/communities/:slug/members', {
        params: { slug },
        query: { role: role ?? undefined, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursor,
  });
}

export function useModlog(slug: string) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: communityKeys.modlog(slug, token),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/communities/:slug/modlog', {
        params: { slug },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursor,
  });
}

/** Moderators only: the tab that shows them is not offered to anyone else. */
export function useInvites(slug: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.invites(slug, token),
    queryFn: ({ signal }) =>
      api('GET /api/communities/:slug/invites', { params: { slug }, signal }),
  });
}

export function useRequests(slug: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.requests(slug, token),
    queryFn: ({ signal }) =>
      api('GET /api/communities/:slug/requests', { params: { slug }, signal }),
  });
}

/** A community's season table: members by profit on its bets or by game wins. */
export function useSeasonTable(slug: string, season: SeasonChoice, sort: SeasonSort) {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.season(slug, token, season, sort),
    queryFn: ({ signal }) =>
      api('GET /api/communities/:slug/leaderboard', {
        params: { slug },
        query: { season, sort },
        signal,
      }),
  });
}

/** Communities ranked by the season's profit per active member. */
export function useSeasonRanking(season: 'current' | 'previous') {
  return useQuery({
    queryKey: communityKeys.ranking(season),
    queryFn: ({ signal }) => api('GET /api/communities/leaderboard', { query: { season }, signal }),
  });
}

/** The community's open or settled bets, newest first. */
export function useCommunityBets(slug: string, status: CommunityBetStatus) {
  const { token } = useSession();
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: communityKeys.bets(slug, token, status),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/communities/:slug/bets', {
        params: { slug },
        query: { status, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursor,
    refetchInterval: live ? false : BETS_POLL_MS,
  });
}

/** One bet with the caller's own wagers on it. */
export function useCommunityBet(slug: string, betId: string) {
  const { token } = useSession();
  const live = useLiveConnected();
  return useQuery({
    queryKey: communityKeys.bet(slug, betId, token),
    queryFn: ({ signal }) =>
      api('GET /api/communities/:slug/bets/:betId', { params: { slug, betId }, signal }),
    // A 404 (no such bet here, or a private community) will not change by asking again.
    retry: false,
    refetchInterval: live ? false : BETS_POLL_MS,
  });
}

/** Comments on a bet, oldest first, each with its author's position read now. */
export function useBetComments(slug: string, betId: string) {
  const { token } = useSession();
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: communityKeys.betComments(slug, betId, token),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/communities/:slug/bets/:betId/comments', {
        params: { slug, betId },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursor,
    refetchInterval: live ? false : BETS_POLL_MS,
  });
}
