import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BetDto, OddsChangedDetails, PlaceParlayResponse, PlaceWagerResponse } from '../../../shared/api/bets';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { adminKeys } from '../admin/queries';
import { walletKeys } from '../wallet/queries';
import { betKeys } from './queries';

export interface PlaceWagerInput {
  betId: string;
  /** The option's text, not its id: the API matches on text (spec section 7). */
  choice: string;
  amount: number;
}

export interface ParlayPickInput {
  betId: string;
  choice: string;
  odds: number;
}

export interface PlaceParlayInput {
  amount: number;
  bets: ParlayPickInput[];
  totalOdds: number;
}

export interface CreateBetInput {
  title: string;
  description: string;
  /** ISO 8601 instant. */
  endTime: string;
  options: { text: string; odds: number }[];
}

export interface MessageWithBet {
  message: string;
  bet: BetDto;
}

/**
 * Any bet action can move coins and vote counts, so the user, every bet list and the
 * statement are read again; admin actions are also logged, so the admin lists go stale too.
 */
function useBetMutation<T, R>(mutationFn: (input: T) => Promise<R>, { admin = false, placing = false } = {}) {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn,
    // A refused wager usually means the screen is out of date (bet closed, odds moved).
    onError: () => {
      if (placing) void queryClient.invalidateQueries({ queryKey: betKeys.active() });
    },
    onSuccess: () => {
      void refreshUser();
      void queryClient.invalidateQueries({ queryKey: betKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      if (admin) void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function usePlaceWagerMutation() {
  return useBetMutation(
    (body: PlaceWagerInput) => api.post<PlaceWagerResponse>('/api/bets/predict', body, { auth: true }),
    { placing: true },
  );
}

export function usePlaceParlayMutation() {
  return useBetMutation(
    (body: PlaceParlayInput) => api.post<PlaceParlayResponse>('/api/bets/parlay', body, { auth: true }),
    { placing: true },
  );
}

/** The 409 a parlay gets when a leg's odds moved since the page loaded, narrowed from ApiError. */
export function oddsChangedDetails(error: unknown): OddsChangedDetails | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as Partial<OddsChangedDetails> | null | undefined;
  if (typeof details !== 'object' || details === null || !Array.isArray(details.currentOdds)) return null;
  const valid = details.currentOdds.every(
    (leg) => typeof leg?.betId === 'string' && typeof leg.choice === 'string' && typeof leg.odds === 'number',
  );
  return valid && typeof details.totalOdds === 'number' ? (details as OddsChangedDetails) : null;
}

export function useCreateBetMutation() {
  return useBetMutation(
    (body: CreateBetInput) => api.post<MessageWithBet>('/api/bets/create', body, { auth: true }),
    { admin: true },
  );
}

export interface SetOddsInput {
  betTitle: string;
  optionId: string;
  odds: number;
}

export function useSetOddsMutation() {
  return useBetMutation(
    // The route is keyed by title (spec section 7); titles are unique, and the server tries the title first.
    ({ betTitle, optionId, odds }: SetOddsInput) =>
      api.patch<MessageWithBet>(
        `/api/admin/odds/${encodeURIComponent(betTitle)}/${encodeURIComponent(optionId)}`,
        { odds },
        { auth: true },
      ),
    { admin: true },
  );
}

export interface FinalizeBetInput {
  betId: string;
  optionId: string;
}

export function useFinalizeBetMutation() {
  return useBetMutation(
    (body: FinalizeBetInput) => api.post<MessageWithBet>('/api/bets/finalize', body, { auth: true }),
    { admin: true },
  );
}

export function useVoidBetMutation() {
  return useBetMutation(
    (betId: string) => api.post<MessageWithBet>(`/api/admin/bets/${encodeURIComponent(betId)}/void`, undefined, { auth: true }),
    { admin: true },
  );
}
