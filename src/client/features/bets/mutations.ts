import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OddsChangedDetails } from '../../../shared/api/bets';
import type { RouteBody } from '../../../shared/api/routes';
import { api, ApiError } from '../../lib/api';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { adminKeys } from '../admin/public';
import { betKeys } from './queries';

/** Request bodies as the route table defines them; the choice is the option's text (spec section 7). */
export type PlaceWagerInput = RouteBody<'POST /api/bets/predict'>;
export type PlaceParlayInput = RouteBody<'POST /api/bets/parlay'>;
export type CreateBetInput = RouteBody<'POST /api/bets/create'>;
export type FinalizeBetInput = RouteBody<'POST /api/bets/finalize'>;

/** Placing a wager or a parlay moves coins; a refusal usually means the screen is out of date. */
function usePlaceMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn,
    onSuccess: () => void afterCoinsMoved(),
    // A refused wager usually means the bet closed or its odds moved since the list was read.
    onError: () => void queryClient.invalidateQueries({ queryKey: betKeys.active() }),
  });
}

/** Admin bet actions are logged, so the admin lists go stale; settling ones also move coins. */
function useAdminBetMutation<T, R>(
  mutationFn: (input: T) => Promise<R>,
  { movesCoins }: { movesCoins: boolean },
) {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      if (movesCoins) return void afterCoinsMoved();
      void queryClient.invalidateQueries({ queryKey: betKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function usePlaceWagerMutation() {
  return usePlaceMutation((body: PlaceWagerInput) => api('POST /api/bets/predict', { body }));
}

export function usePlaceParlayMutation() {
  return usePlaceMutation((body: PlaceParlayInput) => api('POST /api/bets/parlay', { body }));
}

/** The 409 a parlay gets when a leg's odds moved since the page loaded, narrowed from ApiError. */
export function oddsChangedDetails(error: unknown): OddsChangedDetails | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as Partial<OddsChangedDetails> | null | undefined;
  if (typeof details !== 'object' || details === null || !Array.isArray(details.currentOdds))
    return null;
  const valid = details.currentOdds.every(
    (leg) =>
      typeof leg?.betId === 'string' &&
      typeof leg.choice === 'string' &&
      typeof leg.odds === 'number',
  );
  return valid && typeof details.totalOdds === 'number' ? (details as OddsChangedDetails) : null;
}

export function useCreateBetMutation() {
  return useAdminBetMutation((body: CreateBetInput) => api('POST /api/bets/create', { body }), {
    movesCoins: false,
  });
}

export interface SetOddsInput {
  betTitle: string;
  optionId: string;
  odds: number;
}

export function useSetOddsMutation() {
  return useAdminBetMutation(
    // The route is keyed by title (spec section 7); titles are unique, and the server tries the title first.
    ({ betTitle, optionId, odds }: SetOddsInput) =>
      api('PATCH /api/admin/odds/:betTitle/:optionId', {
        params: { betTitle, optionId },
        body: { odds },
      }),
    { movesCoins: false },
  );
}

export function useFinalizeBetMutation() {
  return useAdminBetMutation((body: FinalizeBetInput) => api('POST /api/bets/finalize', { body }), {
    movesCoins: true,
  });
}

export function useVoidBetMutation() {
  return useAdminBetMutation(
    (betId: string) => api('POST /api/admin/bets/:id/void', { params: { id: betId } }),
    {
      movesCoins: true,
    },
  );
}
