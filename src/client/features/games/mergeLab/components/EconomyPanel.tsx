import {
  BEST_COINS_PER_ENERGY,
  CHAINS,
  ENERGY_PER_DAY,
  MERGE_LAB_DAILY_CAP,
  ORDER_COINS_PER_ENERGY,
  PAYOUT_TABLE,
  SELL_COINS_PER_ENERGY,
  TAP_ENERGY,
} from '../../../../../shared/games/mergeLab/rules';
import { formatCoins } from '../../../../lib/format';
import { ChartColumn } from 'lucide-react';
import { EmojiText } from '../../../../components/Emoji';

/**
 * The published economy (DESIGN.md section 9): what each tier cost in energy and what it pays,
 * and the daily cap the server enforces, from the same table and rule the server pays by.
 */
export function EconomyPanel({ paidToday }: { paidToday: number }) {
  return (
    <section
      aria-labelledby="lab-economy-title"
      className="card flex flex-col gap-3"
      data-testid="lab-economy"
    >
      <h2 id="lab-economy-title" className="section-title">
        <ChartColumn className="mr-1.5" />
        Economy
      </h2>
      <p className="text-sm text-slate-300">
        A tap costs {TAP_ENERGY} energy and two items of a tier make one of the next, so a tier-k
        item holds 2<sup>k−1</sup> energy. Orders pay {ORDER_COINS_PER_ENERGY} coin per energy,
        selling {SELL_COINS_PER_ENERGY} (rounded down).
      </p>
      <table className="w-full text-left text-sm" data-testid="lab-payouts">
        <caption className="sr-only">What each tier costs and pays</caption>
        <thead className="text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Tier
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Energy
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Order pays
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Sell pays
            </th>
          </tr>
        </thead>
        <tbody className="font-mono text-slate-100">
          {PAYOUT_TABLE.map((row) => (
            <tr key={row.tier} className="border-t border-white/5" data-testid="lab-payout-row">
              <th scope="row" className="py-1 pr-2 font-medium">
                {row.tier}
              </th>
              <td className="py-1 pr-2 text-right">{formatCoins(row.energy)}</td>
              <td className="py-1 pr-2 text-right">
                {row.order === null ? '—' : formatCoins(row.order)}
              </td>
              <td className="py-1 text-right">{formatCoins(row.sell)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="font-semibold text-emerald-300" data-testid="lab-cap">
        At most {formatCoins(MERGE_LAB_DAILY_CAP)} coins a UTC day, orders and sales together
      </p>
      <p className="text-sm text-slate-200" data-testid="lab-paid-today">
        Paid today: {formatCoins(paidToday)} of {formatCoins(MERGE_LAB_DAILY_CAP)} coins (the count
        starts again at 00:00 UTC)
      </p>
      <p className="text-xs text-slate-400">
        The server counts it: a delivery or sale that would pass it waits for the next day, and the
        item stays on your board. Energy comes back at {formatCoins(ENERGY_PER_DAY)} points a day,
        and no order or sale pays more than {BEST_COINS_PER_ENERGY} coin per point, so steady play
        never reaches it.
      </p>
      <details className="text-sm text-slate-300">
        <summary className="cursor-pointer font-semibold text-white">The three chains</summary>
        <ul className="mt-2 flex flex-col gap-2">
          {CHAINS.map((chain) => (
            <li key={chain.key}>
              <p className="font-semibold text-white">
                <span aria-hidden="true">
                  <EmojiText text={chain.emoji} />{' '}
                </span>
                {chain.name}
              </p>
              <ol className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-300">
                {chain.tiers.map((tier, i) => (
                  <li key={tier.name}>
                    {i + 1}.{' '}
                    <span aria-hidden="true">
                      <EmojiText text={tier.emoji} />
                    </span>{' '}
                    {tier.name}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
