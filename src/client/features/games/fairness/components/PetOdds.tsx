import { useMemo } from 'react';
import { RARITIES } from '../../../../../shared/pets/catalog';
import { GACHA_POOLS, PITY_LIMIT, TRAIT_CHANCE_PCT, expectedPullsText, publishedRates } from '../../../../../shared/pets/gacha';
import { BREED_COOLDOWN_MS, HATCH_MS, INHERIT_PCT, MUTATION_PCT } from '../../../../../shared/pets/breeding';
import { EmojiText } from '../../../../components/Emoji';

const th = 'py-1 pr-3 text-left font-semibold text-slate-400';
const td = 'py-1 pr-3 align-top';
const hours = (ms: number) => `${ms / 3_600_000} h`;

/** The gacha's base and consolidated rates and the breeding rules (DESIGN.md section 8), from the code that draws them. */
export function PetOdds() {
  const pools = useMemo(() => GACHA_POOLS.map((pool) => ({ pool, rates: publishedRates(pool), expected: expectedPullsText(pool) })), []);
  return (
    <section id="pet-odds" aria-labelledby="pet-odds-title" className="card flex flex-col gap-4">
      <h2 id="pet-odds-title" className="font-display text-xl font-bold text-white">
        Gacha and breeding
      </h2>
      <p className="text-sm text-slate-300">
        Each pull is a round of your fair stream: float 0 picks the rarity, float 1 the species of that rarity, float 2 its variant, float 3
        whether it has a trait and float 4 which. Pity counts the pulls on a pool since your last Legendary or better: pull {PITY_LIMIT} is
        Legendary or better, in their relative odds. The consolidated rates are exact, from the Markov chain over the {PITY_LIMIT} pity
        states; the worst case is {PITY_LIMIT} pulls.
      </p>
      {pools.map(({ pool, rates, expected }) => (
        <div key={pool.id} className="overflow-x-auto">
          <table className="w-full text-sm sm:w-auto">
            <caption className="pb-1 text-left font-semibold text-white">
              <EmojiText text={pool.emoji} /> {pool.name}: {pool.cost} gold a pull, a Legendary or better in {expected} pulls on average
            </caption>
            <thead>
              <tr>
                <th scope="col" className={th}>Rarity</th>
                <th scope="col" className={th}>Base rate</th>
                <th scope="col" className={th}>With pity</th>
                <th scope="col" className={th}>Trait chance</th>
              </tr>
            </thead>
            <tbody>
              {rates.map((r) => (
                <tr key={r.rarity} className="border-t border-white/5">
                  <td className={`${td} text-white`}>{r.rarity}</td>
                  <td className={td}>{r.base}</td>
                  <td className={`${td} text-emerald-300`}>{r.consolidated}</td>
                  <td className={td}>{TRAIT_CHANCE_PCT[r.rarity]}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <p className="text-sm text-slate-300">
        Breeding draws the child when the parents breed, as one round: float 0 picks the parent whose species and variant it takes (50/50),
        float 1 a mutation to another variant ({MUTATION_PCT}%), float 2 which, then one float per parent trait ({INHERIT_PCT}% each to pass).
        The child's rarity is the lower of the parents', its generation the higher plus one. Eggs hatch after{' '}
        {RARITIES.map((r) => `${hours(HATCH_MS[r])} (${r})`).join(', ')}; parents then rest {hours(BREED_COOLDOWN_MS)}.
      </p>
    </section>
  );
}
