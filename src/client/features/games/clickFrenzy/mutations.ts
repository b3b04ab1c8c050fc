import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '../../../../shared/api/routes';
import { api } from '../../../lib/api';
import { useAfterCoinsMoved } from '../../../lib/useAfterCoinsMoved';

export type FrenzyClickInput = RouteBody<'POST /api/games/click-frenzy'>;

/** One caught animal, one request (spec section 9); each pays a coin. */
export function useFrenzyClickMutation() {
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (emoji: FrenzyClickInput['emoji']) =>
      api('POST /api/games/click-frenzy', { body: { clicks: 1, emoji } }),
    onSuccess: () => void afterCoinsMoved(),
  });
}
