// The pet shop's arithmetic, free of React so it is tested on its own (shopView.test.ts).
import type { GamesUserDto, ShopItemDto } from '../../../../../shared/games/virtualPet/contract';
import { SHOP_TABS, type ShopTab } from '../../../../../shared/games/virtualPet/catalog';
import { SHOP_MAX_QUANTITY, speciesOf } from '../../../../../shared/games/virtualPet/catalog';

export { SHOP_TABS };

export const SHOP_TAB_LABELS: Record<ShopTab, string> = {
  pets: 'Pets',
  foods: 'Foods',
  toys: 'Toys',
  cosmetics: 'Cosmetics',
  shards: 'Shards',
};

/** Foods, toys and shard bundles sell in quantities of 1 to 99; pets and cosmetics one at a time. */
export const hasQuantity = (item: Pick<ShopItemDto, 'tab'>): boolean =>
  item.tab === 'foods' || item.tab === 'toys' || item.tab === 'shards';

/** Spec section 3: coinType 'user' is gold, anything else pet coins. */
export const currencyOf = (coinType: string): string =>
  coinType === 'user' ? 'gold' : 'pet coins';

/** A pets-tab item's species: its _id is 'pet:<species>' (a 'pet-' prefix is read too, when it names a species). */
export function petSpeciesOf(id: string): string {
  if (id.startsWith('pet:')) return id.slice('pet:'.length);
  if (id.startsWith('pet-') && speciesOf(id.slice('pet-'.length))) return id.slice('pet-'.length);
  return id;
}

/** The quantity box's text as a quantity, or null when it is not a whole number from 1 to 99. */
export function parseQuantity(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= SHOP_MAX_QUANTITY ? n : null;
}

/** What the user holds of an item's currency. */
export function fundsFor(
  item: Pick<ShopItemDto, 'coinType'>,
  user: Pick<GamesUserDto, 'balance' | 'resources'> | undefined,
): number | undefined {
  if (!user) return undefined;
  return item.coinType === 'user' ? user.balance : user.resources.coins;
}

/** Unknown funds (still loading) do not block: the server has the last word anyway. */
export const canAfford = (total: number, funds: number | undefined): boolean =>
  funds === undefined || total <= funds;

/** The effect line of an item card; the server's description says the same thing in other words, so the card shows only this. */
export function effectText(
  item: Pick<ShopItemDto, 'tab' | 'effect' | 'slot' | 'availableTo' | 'quantity' | 'description'>,
): string {
  switch (item.tab) {
    case 'foods':
    case 'toys':
      return `+${item.effect.expBonus} EXP · +${item.effect.affectionBonus} affection`;
    case 'cosmetics': {
      const who =
        !item.availableTo || item.availableTo === 'any'
          ? 'any critter'
          : (speciesOf(item.availableTo)?.name ?? item.availableTo);
      return `Worn on the ${item.slot ?? 'body'} · for ${who}`;
    }
    case 'shards':
      return `${item.quantity} shards per bundle, for unlocking traits`;
    case 'pets':
      return item.description;
  }
}
