import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../shared/api/routes';
import { api, ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessages';
import { sessionKeys } from '../../lib/session';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { accountKeys } from '../accounts/public';
import { leaderboardKeys } from '../leaderboard/public';
import { communityKeys } from './queries';

export type CreateCommunityInput = RouteBody<'POST /api/communities'>;
export type EditCommunityInput = RouteBody<'PATCH /api/communities/:slug'>;
export type SanctionInput = RouteBody<'POST /api/communities/:slug/members/:username/sanction'>;
export type InviteInput = RouteBody<'POST /api/communities/:slug/invites'>;
type CreateBetInput = RouteBody<'POST /api/communities/:slug/bets'>;
type WagerInput = RouteBody<'POST /api/bets/predict'>;
type ParlayInput = RouteBody<'POST /api/bets/parlay'>;

/**
 * The words for a refused community act. A 429 keeps the server's own sentence: it says how
 * many posts a minute are allowed and when the next one may go, which the generic words lose.
 */
export function communityError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429 && error.serverMessage)
    return error.serverMessage;
  return errorMessage(error, fallback);
}

/**
 * Every community act re-reads what is on screen about communities, succeeded or refused (a
 * refusal usually means the page was out of date: a mute, a closed request); the ones that
 * move coins re-read the balance too.
 */
function useCommunityMutation<T, R>(
  mutationFn: (input: T) => Promise<R>,
  { movesCoins = false }: { movesCoins?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
      if (movesCoins) void afterCoinsMoved();
    },
  });
}

export const useCreateCommunityMutation = () =>
  useCommunityMutation((body: CreateCommunityInput) => api('POST /api/communities', { body }), {
    movesCoins: true,
  });

export const useEditCommunityMutation = (slug: string) =>
  useCommunityMutation((body: EditCommunityInput) =>
    api('PATCH /api/communities/:slug', { params: { slug }, body }),
  );

export const useJoinMutation = (slug: string) =>
  useCommunityMutation(() => api('POST /api/communities/:slug/join', { params: { slug } }));

export const useJoinByInviteMutation = () =>
  useCommunityMutation((code: string) =>
    api('POST /api/communities/join-by-invite', { body: { code } }),
  );

export const useLeaveMutation = (slug: string) =>
  useCommunityMutation(() => api('POST /api/communities/:slug/leave', { params: { slug } }));

export const useDonateMutation = (slug: string) =>
  useCommunityMutation(
    (amount: number) =>
      api('POST /api/communities/:slug/treasury/donate', { params: { slug }, body: { amount } }),
    { movesCoins: true },
  );

/** The home community shows beside the name on profiles and leaderboards: those re-read too. */
export function useSetHomeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string | null) => api('PUT /api/user/home-community', { body: { slug } }),
    onSuccess: () => {
      for (const queryKey of [
        communityKeys.all,
        sessionKeys.all,
        accountKeys.all,
        leaderboardKeys.all,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const usePostMutation = (slug: string) =>
  useCommunityMutation((body: string) =>
    api('POST /api/communities/:slug/posts', { params: { slug }, body: { body } }),
  );

export const useCommentMutation = (slug: string) =>
  useCommunityMutation(({ postId, body }: { postId: string; body: string }) =>
    api('POST /api/communities/:slug/posts/:id/comments', {
      params: { slug, id: postId },
      body: { body },
    }),
  );

/** An author removes their own without a reason; a moderator removing another's gives one. */
export const useDeletePostMutation = (slug: string) =>
  useCommunityMutation(({ id, reason }: { id: string; reason?: string }) =>
    api('DELETE /api/communities/:slug/posts/:id', {
      params: { slug, id },
      query: { reason },
    }),
  );

export const useCreateInviteMutation = (slug: string) =>
  useCommunityMutation((body: InviteInput) =>
    api('POST /api/communities/:slug/invites', { params: { slug }, body }),
  );

export const useAnswerRequestMutation = (slug: string) =>
  useCommunityMutation(({ username, approve }: { username: string; approve: boolean }) =>
    approve
      ? api('POST /api/communities/:slug/requests/:username/approve', {
          params: { slug, username },
        })
      : api('POST /api/communities/:slug/requests/:username/deny', {
          params: { slug, username },
        }),
  );

export const useSetRoleMutation = (slug: string) =>
  useCommunityMutation(({ username, role }: { username: string; role: 'moderator' | 'member' }) =>
    api('PATCH /api/communities/:slug/members/:username', {
      params: { slug, username },
      body: { role },
    }),
  );

export const useTransferOwnershipMutation = (slug: string) =>
  useCommunityMutation((username: string) =>
    api('POST /api/communities/:slug/members/:username/transfer-ownership', {
      params: { slug, username },
    }),
  );

export const useSanctionMutation = (slug: string) =>
  useCommunityMutation(({ username, ...body }: SanctionInput & { username: string }) =>
    api('POST /api/communities/:slug/members/:username/sanction', {
      params: { slug, username },
      body,
    }),
  );

export const useCreateBetMutation = (slug: string) =>
  useCommunityMutation((body: CreateBetInput) =>
    api('POST /api/communities/:slug/bets', { params: { slug }, body }),
  );

export const useBetOddsMutation = (slug: string, betId: string) =>
  useCommunityMutation(({ optionId, odds }: { optionId: string; odds: number }) =>
    api('PATCH /api/communities/:slug/bets/:betId/odds/:optionId', {
      params: { slug, betId, optionId },
      body: { odds },
    }),
  );

/** Settling pays winners from the treasury, voiding refunds from it: both move coins. */
export const useFinalizeBetMutation = (slug: string, betId: string) =>
  useCommunityMutation(
    (optionId: string) =>
      api('POST /api/communities/:slug/bets/:betId/finalize', {
        params: { slug, betId },
        body: { optionId },
      }),
    { movesCoins: true },
  );

export const useVoidBetMutation = (slug: string, betId: string) =>
  useCommunityMutation(
    () => api('POST /api/communities/:slug/bets/:betId/void', { params: { slug, betId } }),
    { movesCoins: true },
  );

/**
 * A wager on a community bet goes through the site's route (its Idempotency-Key comes with
 * the route's flags); the bet, its odds and the treasury on screen are read again either way.
 */
export const useWagerMutation = () =>
  useCommunityMutation((body: WagerInput) => api('POST /api/bets/predict', { body }), {
    movesCoins: true,
  });

/**
 * A parlay of one community's open bets goes through the site's route as well, so its wagers,
 * odds and treasury on screen are read again, succeeded or refused (a refusal often means the
 * odds moved or a bet closed).
 */
export const useParlayMutation = () =>
  useCommunityMutation((body: ParlayInput) => api('POST /api/bets/parlay', { body }), {
    movesCoins: true,
  });

export const useBetCommentMutation = (slug: string, betId: string) =>
  useCommunityMutation((body: string) =>
    api('POST /api/communities/:slug/bets/:betId/comments', {
      params: { slug, betId },
      body: { body },
    }),
  );

/** An author removes their own without a reason; a moderator removing another's gives one. */
export const useDeleteBetCommentMutation = (slug: string, betId: string) =>
  useCommunityMutation(({ id, reason }: { id: string; reason?: string }) =>
    api('DELETE /api/communities/:slug/bets/:betId/comments/:commentId', {
      params: { slug, betId, commentId: id },
      query: { reason },
    }),
  );
