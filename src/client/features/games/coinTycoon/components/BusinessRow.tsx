import { useRef } from 'react';
import {
  cycleIncome,
  cycleProgress,
  type Business,
  type TycoonState,
} from '../../../../../shared/games/coinTycoon/rules';
import { formatBig } from '../../../../../shared/games/coinTycoon/storage';
import { rational } from '../../../../../shared/games/engine/rational';
import type { TycoonAction } from '../mutations';
import {
  buyOptions,
  cycleText,
  formatBucks,
  maxUnits,
  milestoneHint,
  type MaxMemo,
} from '../coinTycoonView';
import { SteadyButton } from '../../../../components/SteadyButton';
import { EmojiText } from '../../../../components/Emoji';

interface BusinessRowProps {
  business: Business;
  /** The company as the server received it, and settled to `now` for what it holds now. */
  state: TycoonState;
  settled: TycoonState;
  now: number;
  /** An intent is on its way: the buttons wait for its answer, so prices are never stale. */
  busy: boolean;
  reducedMotion: boolean;
  onAction: (action: TycoonAction) => void;
}

/** The running cycle's bar; without motion it moves once a second, with the numbers. */
function CycleBar({
  name,
  progress,
  reducedMotion,
}: {
  name: string;
  progress: number;
  reducedMotion: boolean;
}) {
  const percent = Math.round(progress * 100);
  return (
    <div
      role="progressbar"
      aria-label={`${name} cycle`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="tycoon-progress"
      data-progress={progress.toFixed(3)}
      className="h-3 w-full overflow-hidden rounded-full bg-white/10"
    >
      <div
        className={`h-full origin-left rounded-full bg-amber-400 ${reducedMotion ? '' : 'will-change-transform'}`}
        style={{ transform: `scaleX(${progress})` }}
      />
    </div>
  );
}

/**
 * One business: what it holds, its cycle, what a cycle pays, the next milestone, Buy ×1 / ×10 /
 * Max at today's prices, and Start (by hand) or its manager.
 */
export function BusinessRow({
  business: b,
  state,
  settled,
  now,
  busy,
  reducedMotion,
  onAction,
}: BusinessRowProps) {
  const row = settled.businesses[b.key];
  const memo = useRef<MaxMemo | null>(null);
  memo.current = maxUnits(b, row.owned, settled.bucks, memo.current);
  const options = buyOptions(b, row.owned, settled.bucks, memo.current);
  const boosted = now < settled.boostUntil;
  const pays = row.owned > 0 ? cycleIncome(settled, b.key, boosted) : rational(b.revenue);
  const running = row.cycleStart !== null;
  const progress = row.owned > 0 ? cycleProgress(state, b.key, now) : 0;
  const titleId = `tycoon-${b.key}`;

  return (
    <li
      className="card flex min-w-0 flex-col gap-3"
      aria-labelledby={titleId}
      data-testid="tycoon-business"
      data-business={b.key}
      data-owned={row.owned}
      data-managed={row.managed}
    >
      <div className="flex min-w-0 items-center gap-3">
        <span aria-hidden="true" className="text-3xl">
          <EmojiText text={b.emoji} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-display text-lg font-bold wrap-anywhere text-white">
            {b.name}
          </h3>
          <p className="text-sm text-slate-400">
            Owned:{' '}
            <strong className="font-mono text-white" data-testid="tycoon-owned">
              {row.owned}
            </strong>
            {' · '}
            {row.managed ? (
              <span className="text-emerald-300" data-testid="tycoon-managed">
                Managed
              </span>
            ) : (
              <span>{running ? 'Working by hand' : 'Idle'}</span>
            )}
          </p>
        </div>
      </div>

      <CycleBar name={b.name} progress={progress} reducedMotion={reducedMotion} />
      <p className="text-sm text-slate-300" data-testid="tycoon-revenue">
        {row.owned > 0 ? 'Pays' : 'Each pays'}{' '}
        <strong className="font-mono text-amber-200">{formatBucks(pays)}</strong> bucks every{' '}
        {cycleText(b.cycleMs)}
        {boosted && row.owned > 0 ? ' (boosted)' : ''}
      </p>
      <p className="text-xs text-slate-400" data-testid="tycoon-milestone">
        {milestoneHint(row.owned)}
      </p>

      <div className="grid grid-cols-3 gap-2">
        {options.map((o) => (
          <SteadyButton
            key={o.kind}
            className={`${o.kind === 'one' ? 'btn-primary' : 'btn-secondary'} min-w-0 flex-col gap-0 px-2`}
            unavailable={busy || !o.affordable}
            onPress={() => onAction({ intent: 'buy', business: b.key, count: o.count })}
            data-testid={`tycoon-buy-${o.kind}`}
          >
            <span>{o.label}</span>
            <span className="sr-only"> {b.name}, </span>
            <span className="text-xs font-normal wrap-anywhere" data-testid="tycoon-cost">
              {formatBig(o.cost)} bucks
            </span>
          </SteadyButton>
        ))}
      </div>
      {!row.managed && (
        <div className="flex flex-wrap gap-2">
          <SteadyButton
            className="btn-secondary flex-1"
            unavailable={busy || row.owned === 0 || running}
            onPress={() => onAction({ intent: 'start', business: b.key })}
            data-testid="tycoon-start"
          >
            {running ? 'Working…' : 'Start'}
            <span className="sr-only"> {b.name}</span>
          </SteadyButton>
          <SteadyButton
            className="btn-secondary flex-1"
            unavailable={busy || row.owned === 0 || settled.bucks < b.managerPrice}
            onPress={() => onAction({ intent: 'manager', business: b.key })}
            data-testid="tycoon-manager"
          >
            Hire manager ({formatBig(b.managerPrice)} bucks)
            <span className="sr-only"> for the {b.name}</span>
          </SteadyButton>
        </div>
      )}
    </li>
  );
}
