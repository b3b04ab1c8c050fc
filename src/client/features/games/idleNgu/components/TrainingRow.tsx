import { useId } from 'react';
import {
  IDLE_TRAINING_BASE,
  IDLE_TRAINING_NAMES,
  msToNextLevel,
  trainingLevel,
  type IdleState,
  type Training,
} from '../../../../../shared/games/idleNgu/rules';
import { durationText, wholeText } from '../idleNguView';
import { SteadyButton } from '../../../../components/SteadyButton';
import { Emoji } from '../../../../components/Emoji';

interface TrainingRowProps {
  training: Training;
  /** The trainer settled to `now` (levels, progress, time to the next level). */
  settled: IdleState;
  now: number;
  /** The energy the row shows: the player's choice, maybe not yet saved. */
  allocated: number;
  idle: number;
  onSet: (value: number) => void;
}

const EMOJI: Record<Training, string> = { attack: '⚔️', defense: '🛡️', speed: '💨', magic: '✨' };

/**
 * One training: its energy (−, a number field, +, Cap, Clear), its level, the bar to the next
 * level and how long that takes at the saved allocation. The bar moves on every tick of the
 * page's clock; without motion it steps instead of gliding.
 */
export function TrainingRow({
  training: t,
  settled,
  now,
  allocated,
  idle,
  onSet,
}: TrainingRowProps) {
  const name = IDLE_TRAINING_NAMES[t];
  const info = trainingLevel(settled, t);
  const next = msToNextLevel(settled, t);
  const percent = Math.floor(info.progress * 100);
  const ids = useId();
  const inputId = `${ids}-energy`;
  const max = allocated + idle;

  return (
    <li
      className="card flex min-w-0 flex-col gap-3"
      aria-labelledby={`${ids}-title`}
      data-testid="idle-training"
      data-training={t}
      data-allocated={allocated}
      data-level={info.level.toString()}
      data-at={now}
    >
      <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={`${ids}-title`} className="font-display text-lg font-bold text-white">
          <span aria-hidden="true">
            <Emoji char={EMOJI[t]} />{' '}
          </span>
          {name}
        </h3>
        <p className="text-sm text-slate-300">
          Level{' '}
          <strong className="font-mono text-lg text-white tabular-nums" data-testid="idle-level">
            {wholeText(info.level)}
          </strong>
        </p>
      </div>

      <div
        role="progressbar"
        aria-label={`${name} progress to level ${wholeText(info.level + 1n)}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="idle-progress"
        data-progress={info.progress.toFixed(4)}
        className="h-3 w-full overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full origin-left rounded-full bg-emerald-400 motion-safe:transition-transform motion-safe:duration-300 motion-safe:ease-linear"
          style={{ transform: `scaleX(${info.progress})` }}
        />
      </div>
      <p className="text-xs text-slate-400" data-testid="idle-next-level">
        {next === null ? 'No energy: not training' : `Next level in ${durationText(next)}`} · level
        N→N+1 costs (N+1) × {IDLE_TRAINING_BASE[t]} energy-seconds
      </p>

      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-300">
          Energy
        </label>
        <div className="flex items-center gap-1">
          <SteadyButton
            className="btn-secondary size-10 px-0 text-lg"
            unavailable={allocated === 0}
            onPress={() => onSet(allocated - 1)}
            aria-label={`Less ${name} energy`}
          >
            −
          </SteadyButton>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            value={allocated}
            onChange={(event) => onSet(event.target.value === '' ? 0 : Number(event.target.value))}
            onFocus={(event) => event.target.select()}
            aria-label={`${name} energy`}
            className="input w-16 px-2 text-center font-mono tabular-nums"
          />
          <SteadyButton
            className="btn-secondary size-10 px-0 text-lg"
            unavailable={idle === 0}
            onPress={() => onSet(allocated + 1)}
            aria-label={`More ${name} energy`}
          >
            +
          </SteadyButton>
        </div>
        <div className="ml-auto flex gap-2">
          <SteadyButton
            unavailable={idle === 0}
            onPress={() => onSet(max)}
            aria-label={`Cap: all idle energy to ${name}`}
          >
            Cap
          </SteadyButton>
          <SteadyButton
            unavailable={allocated === 0}
            onPress={() => onSet(0)}
            aria-label={`Clear ${name} energy`}
          >
            Clear
          </SteadyButton>
        </div>
      </div>
    </li>
  );
}
