import type { GamesUserDto } from '../../../../../../shared/games/virtualPet/contract';
import { FOODS, TOYS } from '../../../../../../shared/games/virtualPet/catalog';
import { formatCoins } from '../../../../../lib/format';
import { heldGoods, type HeldGood } from '../../critters/care';
import { Emoji, EmojiText } from '../../../../../components/Emoji';

function GoodsList({ title, goods, empty }: { title: string; goods: HeldGood[]; empty: string }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-300">{title}</h3>
      {goods.length === 0 ? (
        <p className="mt-1 text-sm text-slate-400">{empty}</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label={`${title} held`}>
          {goods.map((g) => (
            <li
              key={g.key}
              className="rounded-lg border border-white/10 bg-white/5 px-2 py-1 text-sm"
              data-testid={`held-${g.key}`}
            >
              <span aria-hidden="true">
                <EmojiText text={g.emoji} />{' '}
              </span>
              {g.name} <span className="font-mono font-semibold text-white">×{g.count}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Spec section 2, sanctuary: the pet coins, shards, foods and toys held. */
export function Holdings({ user }: { user: GamesUserDto }) {
  const { resources } = user;
  return (
    <section aria-labelledby="holdings-title" className="card flex flex-col gap-4">
      <h2 id="holdings-title" className="section-title">
        Your stores
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-400">Pet coins</dt>
          <dd className="font-mono text-lg font-semibold text-amber-200" data-testid="pet-coins">
            <span aria-hidden="true">
              <Emoji char="🪙" />{' '}
            </span>
            {formatCoins(resources.coins)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Shards</dt>
          <dd className="font-mono text-lg font-semibold text-sky-200" data-testid="pet-shards">
            <span aria-hidden="true">
              <Emoji char="💎" />{' '}
            </span>
            {formatCoins(resources.shards)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Gold</dt>
          <dd className="font-mono text-lg font-semibold text-emerald-300" data-testid="pet-gold">
            {formatCoins(user.balance)}
          </dd>
        </div>
      </dl>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <GoodsList
          title="Food"
          goods={heldGoods(resources.food, FOODS)}
          empty="No food yet: claim resources or visit the shop."
        />
        <GoodsList
          title="Toys"
          goods={heldGoods(resources.toys, TOYS)}
          empty="No toys yet: claim resources or visit the shop."
        />
      </div>
    </section>
  );
}
