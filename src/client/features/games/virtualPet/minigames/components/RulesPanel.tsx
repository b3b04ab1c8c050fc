import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import type { Minigame } from '../../../../../../shared/games/virtualPet/minigames';
import { formatCoins } from '../../../../../lib/format';
import {
  EXAMPLE_SCORE,
  GAMES,
  bonusWords,
  boundWords,
  critterBonus,
  payFor,
  payWords,
} from '../terms';

/** The chosen game's rules and the pay, published before play (DESIGN.md section 8). */
export function RulesPanel({ game, critter }: { game: Minigame; critter: CritterDto }) {
  const info = GAMES[game];
  const bonus = critterBonus(critter);
  const bonusText = bonusWords(bonus);
  const example = EXAMPLE_SCORE[game];
  const pay = payFor(game, example, critter);
  return (
    <section
      aria-labelledby="minigame-rules-title"
      className="grid grid-cols-1 gap-4 text-sm text-slate-300 md:grid-cols-2"
      data-testid="minigame-rules"
    >
      <div>
        <h3 id="minigame-rules-title" className="font-semibold text-white">
          How to play {info.name}
        </h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {info.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold text-white">Pay</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="minigame-pay">
          {payWords().map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>{boundWords(game)}</li>
        </ul>
        <p className="mt-2">
          {critter.name}&apos;s traits here: {bonusText ?? 'none'}. A score of{' '}
          {formatCoins(example)} pays {critter.name}{' '}
          <strong className="text-white">{formatCoins(pay.experience)} experience</strong> and{' '}
          <strong className="text-white">{formatCoins(pay.coins)} pet coins</strong>
          {bonus.traitNames.length > 0 && <> ({bonus.traitNames.join(', ')})</>}.
        </p>
      </div>
    </section>
  );
}
