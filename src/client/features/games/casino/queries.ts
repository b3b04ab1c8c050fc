import { useGamesProgress } from '../public';

/**
 * Extra slots luck from a held power-up, in the units of shared/games/slots. The casino has no
 * read of its own: the buff comes with the games' progress, one read shared with the hub.
 */
export function useSlotsLuck(): number {
  return useGamesProgress().data?.buffs.slotsLuck ?? 0;
}
