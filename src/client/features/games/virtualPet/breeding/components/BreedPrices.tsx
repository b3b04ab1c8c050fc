import { BREED_PRICE_RULE, breedPrices } from '../../../../../../shared/games/virtualPet/breeding';
import { gachaPoolOf } from '../../../../../../shared/games/virtualPet/gacha';
import { formatCoins } from '../../../../../lib/format';
import { RarityBadge } from '../../components/RarityBadge';

const th = 'py-1 pr-3 text-left font-semibold text-slate-400';
const td = 'py-1 pr-3 align-top font-mono text-slate-100';

/** The published price rule (issue 34), with every rarity's price from the function the server charges by. */
export function BreedPrices() {
  const prices = breedPrices();
  return (
    <section
      aria-labelledby="breed-prices-title"
      className="card flex flex-col gap-3"
      data-testid="breed-prices"
    >
      <h2 id="breed-prices-title" className="section-title">
        What breeding costs
      </h2>
      <p className="text-sm text-slate-300" data-testid="breed-price-rule">
        {BREED_PRICE_RULE}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Breeding price by the child&apos;s rarity</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Child
              </th>
              <th scope="col" className={th}>
                Gold
              </th>
              <th scope="col" className={th}>
                Pet coins
              </th>
              <th scope="col" className={th}>
                Gacha average
              </th>
            </tr>
          </thead>
          <tbody>
            {prices.map((p) => (
              <tr key={p.rarity} className="border-t border-white/5" data-testid="breed-price-row">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  <RarityBadge rarity={p.rarity} />
                </th>
                <td className={td}>{formatCoins(p.gold)}</td>
                <td className={td}>{formatCoins(p.petCoins)}</td>
                <td className={`${td} text-slate-300`}>
                  {formatCoins(p.gachaGold)} gold ({gachaPoolOf(p.gachaPool)?.name ?? p.gachaPool})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
