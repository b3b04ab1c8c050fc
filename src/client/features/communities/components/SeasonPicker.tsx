import type { SeasonDto } from '../../../../shared/api/seasons';
import { formatDay } from '../../../lib/format';

/** Segmented buttons: one choice of a few, the chosen one pressed. */
export function Segmented<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {choices.map((c) => (
        <button
          key={c.value}
          type="button"
          aria-pressed={value === c.value}
          className={value === c.value ? 'btn-primary' : 'btn-secondary'}
          onClick={() => onChange(c.value)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}

const day = (iso: string) => formatDay(iso.slice(0, 10));

/** "23/11/2026 – 30/11/2026 · final", or when the current one ends. */
export function SeasonLine({ season, now }: { season: SeasonDto; now: number }) {
  if (season.start === null || season.end === null)
    return <p className="text-sm text-slate-400">All time</p>;
  const left = Date.parse(season.end) - now;
  const days = Math.floor(left / 86_400_000);
  const hours = Math.floor((left % 86_400_000) / 3_600_000);
  return (
    <p className="text-sm text-slate-400">
      Week of {day(season.start)} (Monday 00:00 UTC) ·{' '}
      {season.final
        ? 'final table'
        : left > 0
          ? `ends in ${days > 0 ? `${days} d ` : ''}${hours} h`
          : 'being closed'}
    </p>
  );
}
