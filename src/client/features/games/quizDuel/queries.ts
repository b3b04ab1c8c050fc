import { useCallback } from 'react';
import { replaceEqualDeep, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuizDailyDto, QuizDuelDto } from '../../../../shared/games/quizDuel/contract';
import { api } from '../../../lib/api';
import { useLiveConnected, useLiveMessage } from '../../../lib/liveSocket';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../public';
import { newerView } from './quizDuelView';
import { syncServerClock } from './serverClock';

/**
 * Quiz duel reads. The keys start with 'games', so a round played anywhere and a reconnect of
 * the live socket refresh them too.
 */
const quizKeys = {
  all: [...gameKeys.all, 'quiz-duel'] as const,
  lobby: (token: string | null) => [...gameKeys.all, 'quiz-duel', 'lobby', token] as const,
  duel: (token: string | null, id: string) =>
    [...gameKeys.all, 'quiz-duel', 'duel', token, id] as const,
  daily: (token: string | null) => [...gameKeys.all, 'quiz-duel', 'daily', token] as const,
};

/** How often a page polls while the live socket is down, as the other duel pages do. */
const POLL_MS = 3000;

/** A read answered after a push it crossed must not put the older view back. */
function keepNewer(old: unknown, next: unknown): unknown {
  const current = old as { serverTime: string } | undefined;
  const incoming = next as { serverTime: string };
  const kept = newerView(current, incoming);
  return kept === current ? current : replaceEqualDeep(old, next);
}

/** Open challenges, invites, your duels, stats and limits. Polled only while the live socket is down. */
export function useQuizLobby() {
  const { token } = useSession();
  const live = useLiveConnected();
  return useQuery({
    queryKey: quizKeys.lobby(token),
    queryFn: ({ signal }) => api('GET /api/games/quiz-duel', { signal }),
    enabled: token !== null,
    refetchInterval: live ? false : POLL_MS,
  });
}

const ID = /^\d{1,15}$/;
export const isDuelId = (id: string | undefined): id is string => id !== undefined && ID.test(id);

/** One duel as you may see it; while the socket is down an unfinished one is polled (its pushes are lost). */
export function useQuizDuel(id: string | undefined) {
  const { token } = useSession();
  const live = useLiveConnected();
  return useQuery({
    queryKey: quizKeys.duel(token, id ?? ''),
    queryFn: async ({ signal }) => {
      const duel = await api('GET /api/games/quiz-duel/:id', { params: { id: id! }, signal });
      syncServerClock(duel.serverTime);
      return duel;
    },
    enabled: token !== null && isDuelId(id),
    structuralSharing: keepNewer,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return live || state === 'finished' || state === 'canceled' || state === 'expired'
        ? false
        : POLL_MS;
    },
  });
}

export function useQuizDaily() {
  const { token } = useSession();
  return useQuery({
    queryKey: quizKeys.daily(token),
    queryFn: async ({ signal }) => {
      const daily = await api('GET /api/games/quiz-duel/daily', { signal });
      syncServerClock(daily.serverTime);
      return daily;
    },
    enabled: token !== null,
    structuralSharing: keepNewer,
  });
}

/** Puts a duel or daily view from an answer or a push into the cache, unless a newer one is there. */
export function useQuizCache() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const putDuel = useCallback(
    (duel: QuizDuelDto) => {
      syncServerClock(duel.serverTime);
      queryClient.setQueryData<QuizDuelDto>(quizKeys.duel(token, duel._id), (current) =>
        newerView(current, duel),
      );
    },
    [queryClient, token],
  );
  const putDaily = useCallback(
    (daily: QuizDailyDto) => {
      syncServerClock(daily.serverTime);
      queryClient.setQueryData<QuizDailyDto>(quizKeys.daily(token), (current) =>
        newerView(current, daily),
      );
    },
    [queryClient, token],
  );
  const refreshLobby = useCallback(
    () => queryClient.invalidateQueries({ queryKey: quizKeys.lobby(token) }),
    [queryClient, token],
  );
  return { putDuel, putDaily, refreshLobby };
}

/**
 * The server pushes each duel's whole view to both players at every change (quizDuel.update),
 * and tells the lobby to read again when a challenge is made, joined, canceled or expires.
 */
export function useQuizLiveUpdates(onUpdate?: (duel: QuizDuelDto) => void) {
  const { putDuel, refreshLobby } = useQuizCache();
  useLiveMessage('quizDuel.update', (message) => {
    putDuel(message.payload.duel);
    onUpdate?.(message.payload.duel);
  });
  useLiveMessage('quizDuel.lobby', () => void refreshLobby());
}
