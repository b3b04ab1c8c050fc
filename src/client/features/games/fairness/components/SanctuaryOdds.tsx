import { goodOf } from '../../../../../shared/pets/catalog';
import {
  CLAIM_BASE_COINS,
  CLAIM_COIN_BONUS_CAP_PCT,
  CLAIM_COINS_PER_CRITTER,
  CLAIM_COOLDOWN_CUT_CAP_PCT,
  CLAIM_CRITTERS_COUNTED,
  CLAIM_EXTRA_FOOD_CAP,
  CLAIM_EXTRA_TOYS_CAP,
  CLAIM_FOOD_DRAWS,
  CLAIM_FOOD_TABLE,
  CLAIM_SHARDS,
  CLAIM_TOY_DRAWS,
  CLAIM_TOY_TABLE,
  drawOdds,
  type DrawTable,
} from '../../../../../shared/pets/claim';
import { EmojiText } from '../../../../components/Emoji';

const th = 'py-1 pr-3 text-left font-semibold text-slate-400';
const td = 'py-1 pr-3 align-top';

function OddsTable({ title, table }: { title: string; table: DrawTable }) {
  return (
    <table className="w-full text-sm sm:w-auto">
      <caption className="pb-1 text-left font-semibold text-white">{title}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>Good</th>
          <th scope="col" className={th}>Weight</th>
          <th scope="col" className={th}>Chance per draw</th>
        </tr>
      </thead>
      <tbody>
        {drawOdds(table).map((o) => {
          const good = goodOf(o.key);
          return (
            <tr key={o.key} className="border-t border-white/5">
              <td className={`${td} text-white`}>
                <EmojiText text={good?.emoji ?? ''} /> {good?.name ?? o.key}
              </td>
              <td className={td}>{o.weight}</td>
              <td className={`${td} text-emerald-300`}>{o.percent}%</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The sanctuary claim's terms and draw odds (DESIGN.md section 8), from the code that draws them. */
export function SanctuaryOdds() {
  return (
    <section id="sanctuary-claim" aria-labelledby="sanctuary-claim-title" className="card flex flex-col gap-3">
      <h2 id="sanctuary-claim-title" className="font-display text-xl font-bold text-white">
        Sanctuary claim
      </h2>
      <p className="text-sm text-slate-300">
        Each claim pays {CLAIM_BASE_COINS} pet coins plus {CLAIM_COINS_PER_CRITTER} per critter (up to {CLAIM_CRITTERS_COUNTED}), plus the
        critters' coin traits (at most +{CLAIM_COIN_BONUS_CAP_PCT}%), and {CLAIM_SHARDS} shards. It draws {CLAIM_FOOD_DRAWS} foods and{' '}
        {CLAIM_TOY_DRAWS} toy from the tables below, plus one more draw per food or toy trait point (at most +{CLAIM_EXTRA_FOOD_CAP} foods and +
        {CLAIM_EXTRA_TOYS_CAP} toys). Claims open every 4 hours; cooldown traits cut that by at most {CLAIM_COOLDOWN_CUT_CAP_PCT}% (3 hours).
        Every claim is a round of your fair stream: float i picks draw i, foods first; verify it above as a Sanctuary claim.
      </p>
      <div className="flex flex-col gap-4 overflow-x-auto sm:flex-row">
        <OddsTable title="Foods" table={CLAIM_FOOD_TABLE} />
        <OddsTable title="Toys" table={CLAIM_TOY_TABLE} />
      </div>
    </section>
  );
}
