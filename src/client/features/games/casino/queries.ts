import { gameKeys, useGamesProgress } from '../public';

/**
 * The casino has no read of its own: balances come with the session and the slots-luck buff
 * with the games' progress (one read shared with the hub); these names say what it reads there.
 */
export const casinoKeys = {
  buffs: gameKeys.progress,
};

/** Extra slots luck from a held power-up, in the units of shared/games/slots. */
export function useSlotsLuck(): number {
  return useGamesProgress().data?.buffs.slotsLuck ?? 0;
}
