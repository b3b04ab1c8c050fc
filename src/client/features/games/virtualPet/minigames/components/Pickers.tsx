import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import type { Minigame } from '../../../../../../shared/games/virtualPet/minigames';
import { RarityBadge } from '../../components/RarityBadge';
import { GAMES, GAME_ORDER, bonusWords, critterBonus } from '../terms';
import { Emoji, EmojiText } from '../../../../../components/Emoji';

interface CritterPickerProps {
  critters: readonly CritterDto[];
  selected: string;
  disabled: boolean;
  onSelect: (critterId: string) => void;
}

/** The critter that plays (and earns the experience): one radio per critter. */
export function CritterPicker({ critters, selected, disabled, onSelect }: CritterPickerProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="section-title mb-2">Playing with</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {critters.map((critter) => {
          const bonus = bonusWords(critterBonus(critter));
          const checked = critter._id === selected;
          return (
            <label
              key={critter._id}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300 ${
                checked
                  ? 'border-amber-300/70 bg-amber-300/10'
                  : 'border-white/10 bg-slate-950/40 hover:bg-white/5'
              } ${disabled ? 'cursor-not-allowed opacity-70' : ''}`}
              data-testid="minigame-critter"
              data-critter-id={critter._id}
            >
              <input
                type="radio"
                name="minigame-critter"
                className="sr-only"
                value={critter._id}
                checked={checked}
                onChange={() => onSelect(critter._id)}
              />
              <span aria-hidden="true" className="text-3xl">
                <EmojiText text={critter.emoji} />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold wrap-anywhere text-white">{critter.name}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-slate-300">
                  <RarityBadge rarity={critter.rarity} />
                  Level {critter.level}
                </span>
                {bonus && <span className="text-xs text-sky-200">{bonus}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

interface GamePickerProps {
  selected: Minigame;
  disabled: boolean;
  onSelect: (game: Minigame) => void;
}

/** The three games, one button each. */
export function GamePicker({ selected, disabled, onSelect }: GamePickerProps) {
  return (
    <div role="group" aria-label="Choose a game" className="grid grid-cols-1 gap-2 sm:grid-cols-3">
      {GAME_ORDER.map((key) => {
        const info = GAMES[key];
        const pressed = key === selected;
        return (
          <button
            key={key}
            type="button"
            className={`flex items-center gap-3 rounded-xl border p-3 text-left transition disabled:cursor-not-allowed disabled:opacity-60 ${
              pressed
                ? 'border-amber-300/70 bg-amber-300/10'
                : 'border-white/10 bg-slate-950/40 hover:bg-white/5'
            }`}
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onSelect(key)}
            data-testid={`minigame-pick-${key}`}
          >
            <span aria-hidden="true" className="text-3xl">
              <Emoji char={info.icon} />
            </span>
            <span className="flex flex-col">
              <span className="font-semibold text-white">{info.name}</span>
              <span className="text-xs text-slate-300">{info.summary}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
