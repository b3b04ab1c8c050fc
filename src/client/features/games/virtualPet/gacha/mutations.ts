import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GachaPoolDto, GamesUserDto } from '../../../../../shared/games/virtualPet/contract';
import { api } from '../../../../lib/api';
import { useSession } from '../../../../lib/session';
import { useAfterGamePlayed } from '../../public';
import { usePetCache } from '../mutations';
import { petKeys } from '../queries';
import { gachaKeys } from './queries';

type PoolsData = { pools: GachaPoolDto[] };

/**
 * A spin answers with the gold balance and the pool's pity count as they now are: the card and
 * the balance change at once. The pulls are new critters, and each is a round: the critters,
 * the balance everywhere and the round lists are read again.
 */
export function useGachaSpinMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const cache = usePetCache();
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (body: { pool: string; count: 1 | 10 }) => api('POST /api/gacha/spin', { body }),
    onSuccess: (answer, { pool }) => {
      queryClient.setQueryData<PoolsData>(gachaKeys.pools(token), (data) =>
        data
          ? {
              ...data,
              pools: data.pools.map((p) =>
                p.id === pool ? { ...p, pityCount: answer.pityCount } : p,
              ),
            }
          : data,
      );
      queryClient.setQueryData<GamesUserDto>(petKeys.me(token), (user) =>
        user ? { ...user, balance: answer.newBalance } : user,
      );
      void cache.refresh(['critters']);
      void afterGamePlayed();
    },
    // A refusal (not enough gold, a pool changed) may mean the figures on screen are stale.
    onError: () => {
      void cache.refresh(['me']);
      void queryClient.invalidateQueries({ queryKey: gachaKeys.pools(token) });
    },
  });
}
