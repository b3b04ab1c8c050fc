import { Link } from 'react-router';
import type { MysteryBoxDto } from '../../../../../shared/games/mysteryBox/contract';
import { chanceText, coinsText, weightText } from '../mysteryBoxView';
import { TierBadge } from './TierBadge';
import { ChevronRight } from 'lucide-react';
import { EmojiText } from '../../../../components/Emoji';

/**
 * A box's published contents (issue 23): each tier's weight out of 10,000 and as a percent, and
 * the collectibles it drops with their sell-back values. Closed by default: the card stays short.
 */
export function ContentsTable({ box }: { box: MysteryBoxDto }) {
  return (
    <details
      className="group rounded-xl border border-white/10 bg-slate-950/40 p-3"
      data-testid="box-contents"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold text-slate-200">
        <span
          aria-hidden="true"
          className="transition group-open:rotate-90 motion-reduce:transition-none"
        >
          <ChevronRight />
        </span>
        What is inside
      </summary>
      <div className="mt-3 flex flex-col gap-3 text-sm text-slate-300">
        <table className="w-full text-left">
          <caption className="mb-1 text-left text-xs text-slate-400">
            Each opening draws a tier by its weight, then one of its collectibles, each equally
            likely.
          </caption>
          <thead>
            <tr className="text-xs text-slate-400">
              <th scope="col" className="py-1 pr-2 font-medium">
                Tier
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Weight
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Chance
              </th>
            </tr>
          </thead>
          {box.tiers.map((tier) => (
            <tbody
              key={tier.name}
              className="border-t border-white/10"
              data-testid="box-tier"
              data-tier={tier.name}
            >
              <tr>
                <th scope="row" className="pt-2 pr-2 font-normal">
                  <TierBadge tier={tier.name} />
                  {tier.notable && <span className="ml-1 text-xs text-amber-200">announced</span>}
                </th>
                <td
                  className="pt-2 pr-2 text-right font-mono whitespace-nowrap"
                  data-testid="box-tier-weight"
                >
                  {weightText(tier.weight)}
                </td>
                <td className="pt-2 text-right font-mono" data-testid="box-tier-chance">
                  {chanceText(tier.weight)}
                </td>
              </tr>
              <tr>
                <td colSpan={3} className="pb-2">
                  <ul
                    className="mt-1 flex flex-col gap-0.5 pl-2"
                    aria-label={`${tier.name} collectibles`}
                  >
                    {tier.drops.map((drop) => (
                      <li
                        key={drop.key}
                        className="flex flex-wrap justify-between gap-x-2"
                        data-testid="box-drop"
                      >
                        <span className="wrap-anywhere">
                          <span aria-hidden="true">
                            <EmojiText text={drop.emoji} />{' '}
                          </span>
                          {drop.name}
                        </span>
                        <span className="font-mono text-emerald-200">
                          sells for {coinsText(drop.value)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            </tbody>
          ))}
        </table>
        <p className="text-xs text-slate-400">
          Announced tiers appear on everyone's recent-drops feed. Every opening is a round of your
          provably fair seed:{' '}
          <Link to="/fairness" className="text-amber-300 underline hover:text-amber-200">
            check it on the fairness page
          </Link>{' '}
          once you rotate your seed.
        </p>
      </div>
    </details>
  );
}
