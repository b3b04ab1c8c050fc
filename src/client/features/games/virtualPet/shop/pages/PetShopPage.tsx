import { useState, type KeyboardEvent } from 'react';
import type { ShopItemDto, ShopTab } from '../../../../../../shared/games/virtualPet/contract';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { PetPageHeader } from '../../components/PetPageHeader';
import { usePetUser } from '../../queries';
import { ShopItemCard } from '../components/ShopItemCard';
import { useBuyCosmeticMutation, useBuyMutation, useBuyPetMutation } from '../mutations';
import { useShopItems } from '../queries';
import { SHOP_TABS, SHOP_TAB_LABELS, fundsFor, petSpeciesOf } from '../shopView';
import { Emoji } from '../../../../../components/Emoji';

const TAB_ICONS: Record<ShopTab, string> = {
  pets: '🐾',
  foods: '🍎',
  toys: '🧸',
  cosmetics: '🎀',
  shards: '💎',
};

/** Spec section 2, Shop: tabs pets, foods, toys, cosmetics, shards. */
export function PetShopPage() {
  const items = useShopItems();
  const user = usePetUser();
  const buy = useBuyMutation();
  const buyCosmetic = useBuyCosmeticMutation();
  const buyPet = useBuyPetMutation();
  const [tab, setTab] = useState<ShopTab>('pets');
  const busy = buy.isPending || buyCosmetic.isPending || buyPet.isPending;
  const [processing, setProcessing] = useState<string | null>(null);

  function onTabKey(event: KeyboardEvent) {
    const index = SHOP_TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? SHOP_TABS[(index + 1) % SHOP_TABS.length]
        : event.key === 'ArrowLeft'
          ? SHOP_TABS[(index - 1 + SHOP_TABS.length) % SHOP_TABS.length]
          : event.key === 'Home'
            ? SHOP_TABS[0]
            : event.key === 'End'
              ? SHOP_TABS[SHOP_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    document.getElementById(`pet-shop-tab-${next}`)?.focus();
  }

  async function onBuy(item: ShopItemDto, quantity: number) {
    setProcessing(item._id);
    try {
      const answer =
        item.tab === 'pets'
          ? await buyPet.mutateAsync(petSpeciesOf(item._id))
          : item.tab === 'cosmetics'
            ? await buyCosmetic.mutateAsync(item._id)
            : await buy.mutateAsync({ itemId: item._id, quantity });
      notify.success(answer.message || `${item.name} purchased!`);
    } catch (error) {
      notify.error(errorMessage(error, 'Purchase failed'));
    } finally {
      setProcessing(null);
    }
  }

  const resources = user.data?.resources;
  const heldOf = (item: ShopItemDto): number | undefined => {
    if (!resources) return undefined;
    if (item.tab === 'foods') return resources.food[item._id] ?? 0;
    if (item.tab === 'toys') return resources.toys[item._id] ?? 0;
    if (item.tab === 'cosmetics') return resources.cosmetics[item._id] ?? 0;
    return undefined;
  };
  const shown = items.data?.items.filter((item) => item.tab === tab) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <PetPageHeader
        icon="🛍️"
        title="Pet Shop"
        blurb="Critters, food, toys, cosmetics and shards for your sanctuary."
        balances={['gold', 'coins', 'shards']}
        testIdPrefix="pet-shop"
      />

      <div
        role="tablist"
        aria-label="Shop sections"
        className="flex flex-wrap gap-2"
        onKeyDown={onTabKey}
      >
        {SHOP_TABS.map((t) => (
          <button
            key={t}
            id={`pet-shop-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls="pet-shop-panel"
            tabIndex={tab === t ? 0 : -1}
            className={tab === t ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setTab(t)}
          >
            <span aria-hidden="true">
              <Emoji char={TAB_ICONS[t]} />
            </span>
            {SHOP_TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <section
        id="pet-shop-panel"
        role="tabpanel"
        aria-labelledby={`pet-shop-tab-${tab}`}
        className="flex flex-col gap-4"
      >
        {items.isPending ? (
          <LoadingState>Loading the shop…</LoadingState>
        ) : items.isError ? (
          <ErrorBanner>{errorMessage(items.error, 'Failed to load shop')}</ErrorBanner>
        ) : shown.length === 0 ? (
          <EmptyState>Nothing for sale here right now.</EmptyState>
        ) : (
          <ul
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
            data-testid="pet-shop-grid"
          >
            {shown.map((item) => (
              <ShopItemCard
                key={item._id}
                item={item}
                funds={fundsFor(item, user.data)}
                held={heldOf(item)}
                busy={busy}
                processing={processing === item._id}
                onBuy={onBuy}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
