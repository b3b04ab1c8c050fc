import { clampPercent } from '../critters/care';

interface MeterProps {
  /** The accessible name ('Experience to level 4'). */
  label: string;
  /** 0 to 100. */
  percent: number;
  /** What a reader hears besides the percent ('130 of 200 EXP'). */
  valueText?: string;
  tone?: 'amber' | 'rose';
}

/** A thin bar with a progressbar role, for experience and affection. */
export function Meter({ label, percent, valueText, tone = 'amber' }: MeterProps) {
  const value = clampPercent(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-white/10"
    >
      <div
        className={`h-full rounded-full ${tone === 'rose' ? 'bg-rose-400' : 'bg-amber-300'}`}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
