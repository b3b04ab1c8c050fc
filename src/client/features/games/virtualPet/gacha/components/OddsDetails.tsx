import { Link } from 'react-router';
import type { GachaPool } from '../../../../../../shared/games/virtualPet/gacha';
import { RarityBadge } from '../../components/RarityBadge';
import { oddsDetails } from '../gachaView';
import { ChevronRight } from 'lucide-react';
import { EmojiText } from '../../../../../components/Emoji';

/** The pool's published numbers: base and consolidated rates, expected and worst-case pulls to a Legendary-or-better. */
export function OddsDetails({ pool }: { pool: GachaPool }) {
  const details = oddsDetails(pool);
  return (
    <details
      className="group rounded-xl border border-white/10 bg-slate-950/40 p-3"
      data-testid="gacha-odds-details"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold text-slate-200">
        <span
          aria-hidden="true"
          className="transition group-open:rotate-90 motion-reduce:transition-none"
        >
          <ChevronRight />
        </span>
        Odds details
      </summary>
      <div className="mt-3 flex flex-col gap-3 text-sm text-slate-300">
        <table className="w-full text-left">
          <caption className="mb-1 text-left text-xs text-slate-400">
            Chance per pull, and the long-run share of pulls with pity counted
          </caption>
          <thead>
            <tr className="text-xs text-slate-400">
              <th scope="col" className="py-1 pr-2 font-medium">
                Rarity
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Base rate
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                With pity
              </th>
            </tr>
          </thead>
          <tbody>
            {details.rows.map((row) => (
              <tr key={row.rarity} className="border-t border-white/5">
                <th scope="row" className="py-1 pr-2 font-normal">
                  <RarityBadge rarity={row.rarity} />
                </th>
                <td className="py-1 pr-2 text-right font-mono">{row.base}</td>
                <td
                  className="py-1 text-right font-mono"
                  data-testid={`gacha-consolidated-${row.rarity}`}
                >
                  {row.consolidated}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="flex flex-col gap-1">
          <li>
            Expected pulls to a Legendary-or-better:{' '}
            <span className="font-mono font-semibold text-white" data-testid="gacha-expected">
              {details.expectedPulls}
            </span>
          </li>
          <li>
            Worst case:{' '}
            <span className="font-mono font-semibold text-white">{details.worstCase}</span> pulls
            (the pity pull is always Legendary or better, in their relative odds).
          </li>
        </ul>
        <div>
          <p className="text-xs text-slate-400">
            Once its rarity is drawn, each species of it is equally likely, and so is each of its
            variants:
          </p>
          <ul className="mt-1 flex flex-col gap-1">
            {details.rows.map((row) => (
              <li key={row.rarity} className="wrap-anywhere">
                <span className="font-semibold text-slate-200">{row.rarity}</span>
                {row.traitPct > 0 ? ` (${row.traitPct}% come with a trait)` : ''}:{' '}
                {row.species.length === 0
                  ? 'none'
                  : row.species.map((s, i) => (
                      <span key={s.key}>
                        {i > 0 && ', '}
                        <span aria-hidden="true">
                          <EmojiText text={s.emoji} />{' '}
                        </span>
                        {s.name}
                      </span>
                    ))}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-slate-400">
          Every pull is a round of your provably fair seed:{' '}
          <Link to="/fairness" className="text-amber-300 underline hover:text-amber-200">
            check any pull on the fairness page
          </Link>{' '}
          once you rotate your seed.
        </p>
      </div>
    </details>
  );
}
