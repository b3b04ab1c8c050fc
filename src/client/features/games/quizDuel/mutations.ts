import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../../shared/api/accounts';
import type {
  QuizAnswerBody,
  QuizChallengeBody,
  QuizDuelDto,
} from '../../../../shared/games/quizDuel/contract';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';
import { useAfterCoinsMoved } from '../../../lib/useAfterCoinsMoved';
import { useAfterGamePlayed } from '../public';
import { useQuizCache } from './queries';

/** The nav's balance from an answer at once, before the refetch. */
function useShowBalance() {
  const queryClient = useQueryClient();
  return (balance: number) =>
    queryClient.setQueriesData<UserDto>({ queryKey: sessionKeys.all }, (user) =>
      user ? { ...user, balance } : user,
    );
}

/**
 * A challenge, a join or a cancel moves a stake: the duel's view goes into the cache (so its page
 * opens without a read), the balance shows at once, and the lobby and coin views are read again.
 * The lobby is awaited, so a Waiting panel is there when the call resolves.
 */
function useStakeMutation<A, R extends { duel: QuizDuelDto; balance: number }>(
  call: (arg: A) => Promise<R>,
) {
  const { putDuel, refreshLobby } = useQuizCache();
  const showBalance = useShowBalance();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      putDuel(answer.duel);
      showBalance(answer.balance);
      void afterCoinsMoved();
      await refreshLobby();
    },
    // A refusal may come from a stale screen (someone joined first, the balance changed).
    onError: () => void refreshLobby(),
  });
}

export const useQuizChallengeMutation = () =>
  useStakeMutation((body: QuizChallengeBody) =>
    api('POST /api/games/quiz-duel/challenge', { body }),
  );
export const useQuizJoinMutation = () =>
  useStakeMutation((id: string) => api('POST /api/games/quiz-duel/:id/join', { params: { id } }));
export const useQuizCancelMutation = () =>
  useStakeMutation((id: string) => api('POST /api/games/quiz-duel/:id/cancel', { params: { id } }));

/** An answer's reply holds the duel as it now stands; the last one may settle it and pay. */
export function useQuizAnswerMutation(id: string) {
  const { putDuel } = useQuizCache();
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (body: QuizAnswerBody) =>
      api('POST /api/games/quiz-duel/:id/answer', { params: { id }, body }),
    onSuccess: (answer) => {
      putDuel(answer.duel);
      if (answer.duel.state === 'finished' || answer.duel.yourTurnsDone) void afterGamePlayed();
    },
  });
}

export function useDailyStartMutation() {
  const { putDaily } = useQuizCache();
  return useMutation({
    mutationFn: () => api('POST /api/games/quiz-duel/daily/start'),
    onSuccess: putDaily,
  });
}

/** The seventh answer ends the daily quiz and may pay its reward. */
export function useDailyAnswerMutation() {
  const { putDaily, refreshLobby } = useQuizCache();
  const showBalance = useShowBalance();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (body: QuizAnswerBody) => api('POST /api/games/quiz-duel/daily/answer', { body }),
    onSuccess: (answer) => {
      putDaily(answer.daily);
      if (answer.daily.done) {
        showBalance(answer.balance);
        void afterCoinsMoved();
        // The lobby shows the daily best.
        void refreshLobby();
      }
    },
  });
}
