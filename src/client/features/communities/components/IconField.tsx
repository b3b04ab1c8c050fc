import { Emoji } from '../../../components/Emoji';
import { TextField } from '../../../components/TextField';

/** A few to pick with one tap; any other emoji can be typed. */
const SUGGESTED = ['👥', '🎲', '🏆', '🔥', '🦉', '🐉', '🎮', '⚽', '🍕', '🚀', '💎', '🌈'];

export function IconField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (icon: string) => void;
  error?: string | null;
}) {
  return (
    <div className="flex flex-col gap-2">
      <TextField
        id={id}
        label="Icon (one emoji)"
        value={value}
        onValueChange={(v) => onChange(v.trim())}
        maxLength={16}
        autoComplete="off"
        className="max-w-48"
        error={error}
      />
      <div role="group" aria-label="Suggested icons" className="flex flex-wrap gap-1">
        {SUGGESTED.map((icon) => (
          <button
            key={icon}
            type="button"
            aria-label={`Use ${icon}`}
            aria-pressed={value === icon}
            onClick={() => onChange(icon)}
            className={`grid size-11 place-items-center rounded-lg border text-xl ${
              value === icon
                ? 'border-amber-300 bg-amber-400/15'
                : 'border-white/10 bg-white/5 hover:bg-white/10'
            }`}
          >
            <Emoji char={icon} label="" />
          </button>
        ))}
      </div>
    </div>
  );
}
