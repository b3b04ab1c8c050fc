import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '../../../../shared/api/routes';
import { api } from '../../../lib/api';

export type CoinFlipInput = RouteBody<'POST /api/games/coin-flip'>;
export type RouletteInput = RouteBody<'POST /api/games/roulette'>;
export type SlotsInput = RouteBody<'POST /api/games/slots'>;

/*
 * One round each. useCasinoPlay shows the result only when the coin, wheel or reels stop, so it
 * refreshes the balance and history itself at that moment, and words a refusal beside the button.
 */

export function useCoinFlipMutation() {
  return useMutation({
    mutationFn: (body: CoinFlipInput) => api('POST /api/games/coin-flip', { body }),
  });
}

export function useRouletteMutation() {
  return useMutation({
    mutationFn: (body: RouletteInput) => api('POST /api/games/roulette', { body }),
  });
}

export function useSlotsMutation() {
  return useMutation({ mutationFn: (body: SlotsInput) => api('POST /api/games/slots', { body }) });
}
