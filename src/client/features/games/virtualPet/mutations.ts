import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CritterDto,
  CrittersDto,
  GamesUserDto,
  PetResourcesDto,
} from '../../../../shared/games/virtualPet/contract';
import { useSession } from '../../../lib/session';
import { petKeys } from './queries';

export interface PetCache {
  /** Stores what a pet answer says is now held (and the gold balance when it carries one). */
  setResources: (resources: PetResourcesDto, balance?: number) => void;
  /** Puts a changed critter into the list on screen (adds it when new). */
  setCritter: (critter: CritterDto) => void;
  /** Only the nextClaim of the resources (a claim refused as too early). */
  setNextClaim: (nextClaim: string) => void;
  /** Only the shards held (a trait unlock answers with newShards). */
  setShards: (shards: number) => void;
  /** Spec section 7: after pet actions the client reloads the relevant data. */
  refresh: (parts?: readonly ('me' | 'critters' | 'cosmetics' | 'shop')[]) => Promise<void>;
}

/**
 * The pet answers carry the changed critter and the resources as they now are: the page shows
 * them at once, then the lists are read again so anything else the action touched catches up.
 */
export function usePetCache(): PetCache {
  const queryClient = useQueryClient();
  const { token } = useSession();

  const setResources = useCallback(
    (resources: PetResourcesDto, balance?: number) =>
      queryClient.setQueryData<GamesUserDto>(petKeys.me(token), (user) =>
        user ? { ...user, resources, balance: balance ?? user.balance } : user,
      ),
    [queryClient, token],
  );

  const setCritter = useCallback(
    (critter: CritterDto) =>
      queryClient.setQueryData<CrittersDto>(petKeys.critters(token), (list) => {
        if (!list) return { critters: [critter] };
        const known = list.critters.some((c) => c._id === critter._id);
        return {
          critters: known
            ? list.critters.map((c) => (c._id === critter._id ? critter : c))
            : [...list.critters, critter],
        };
      }),
    [queryClient, token],
  );

  const setNextClaim = useCallback(
    (nextClaim: string) =>
      queryClient.setQueryData<GamesUserDto>(petKeys.me(token), (user) =>
        user ? { ...user, resources: { ...user.resources, nextClaim } } : user,
      ),
    [queryClient, token],
  );

  const setShards = useCallback(
    (shards: number) =>
      queryClient.setQueryData<GamesUserDto>(petKeys.me(token), (user) =>
        user ? { ...user, resources: { ...user.resources, shards } } : user,
      ),
    [queryClient, token],
  );

  const refresh = useCallback(
    async (
      parts: readonly ('me' | 'critters' | 'cosmetics' | 'shop')[] = [
        'me',
        'critters',
        'cosmetics',
      ],
    ) => {
      await Promise.all(
        parts.map((part) => queryClient.invalidateQueries({ queryKey: petKeys[part](token) })),
      );
    },
    [queryClient, token],
  );

  return { setResources, setCritter, setNextClaim, setShards, refresh };
}
