import { useCosmetics, useMyCritters } from '../critters/queries';
import { usePetUser } from '../queries';
import { useShopItems } from '../shop/queries';

/**
 * What the sanctuary reads: the critters, the resources (GET /api/user/me), the cosmetics and the
 * shop's trait catalogue. The claim itself is not here: it is a mutation (mutations.ts).
 */
export function useSanctuary() {
  const critters = useMyCritters();
  const hasCritters = (critters.data?.critters.length ?? 0) > 0;
  const user = usePetUser();
  const cosmetics = useCosmetics(hasCritters);
  const shop = useShopItems();
  return { critters, user, cosmetics, shop, hasCritters };
}
