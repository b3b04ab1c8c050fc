import type { ReactNode } from 'react';
import {
  formatBig,
  formatMultiplier,
  IDLE_MAX_LIFETIME_COINS,
  maxLifetimeCoins,
  multiplierTenthsOf,
  type IdleState,
} from '../../../../../shared/games/idleNgu/rules';
import { wholeText } from '../idleNguView';
import { Emoji } from '../../../../components/Emoji';

function Stat({
  label,
  children,
  testId,
  note,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  note?: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-white/10 bg-slate-950/40 px-3 py-2">
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd
        className="font-display text-xl font-bold break-words text-white tabular-nums"
        data-testid={testId}
      >
        {children}
      </dd>
      {note && <dd className="text-xs text-slate-400">{note}</dd>}
    </div>
  );
}

/**
 * The trainer at a glance: power (settled to the server's now on every tick) and the highest boss
 * it beats, the rebirth multiplier, the run's best boss and the coins first kills have paid
 * against the published cap.
 */
export function TrainerStats({
  settled,
  power,
  strongest,
}: {
  settled: IdleState;
  power: bigint;
  strongest: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <div className="min-w-0 rounded-xl border border-emerald-300/30 bg-slate-950/40 px-3 py-2">
        <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Power</dt>
        <dd
          className="font-display text-2xl font-extrabold break-words text-emerald-200 tabular-nums"
          data-testid="idle-power"
          data-power={power.toString()}
          title={`${wholeText(power)} power`}
        >
          {formatBig(power)}
        </dd>
        <dd className="text-xs text-slate-400" data-testid="idle-strongest">
          {strongest === 0 ? 'Beats no boss yet' : `Beats bosses up to ${strongest}`}
        </dd>
      </div>
      <Stat
        label="Multiplier"
        testId="idle-multiplier"
        note={`${wholeText(settled.rebirths)} ${settled.rebirths === 1 ? 'rebirth' : 'rebirths'}`}
      >
        {formatMultiplier(multiplierTenthsOf(settled))}
      </Stat>
      <Stat label="Best boss" testId="idle-best-boss" note="this run">
        {settled.bestBoss === 0 ? 'None yet' : wholeText(settled.bestBoss)}
      </Stat>
      <Stat
        label="Boss coins"
        testId="idle-boss-coins"
        note={`of ${wholeText(IDLE_MAX_LIFETIME_COINS)} at most`}
      >
        <Emoji char="🪙" /> {wholeText(maxLifetimeCoins(settled.highestKill))}
      </Stat>
    </dl>
  );
}
