import type { ReactNode } from 'react';
import {
  incomePerSecond,
  TYCOON_INVESTOR_BONUS_PERCENT,
  type TycoonState,
} from '../../../../../shared/games/coinTycoon/rules';
import { formatBig } from '../../../../../shared/games/coinTycoon/storage';
import { formatCoins } from '../../../../lib/format';
import { formatRate, multiplierText } from '../coinTycoonView';
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
      <dd className="font-display text-xl font-bold break-words text-white" data-testid={testId}>
        {children}
      </dd>
      {note && <dd className="text-xs text-slate-400">{note}</dd>}
    </div>
  );
}

/**
 * The company at a glance: bucks (settled to the server's now on every tick), managed income per
 * second, investors and what they multiply income by, and the coin balance.
 */
export function CompanyStats({
  settled,
  now,
  balance,
}: {
  settled: TycoonState;
  now: number;
  balance: number | undefined;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <div className="min-w-0 rounded-xl border border-amber-300/30 bg-slate-950/40 px-3 py-2">
        <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Bucks</dt>
        <dd
          className="font-display text-2xl font-extrabold break-words text-amber-200 tabular-nums"
          data-testid="tycoon-bucks"
          data-bucks={settled.bucks.toString()}
          data-at={now}
          title={`${settled.bucks.toLocaleString('en-US')} bucks`}
        >
          <Emoji char="💵" /> {formatBig(settled.bucks)}
        </dd>
      </div>
      <Stat label="Income" testId="tycoon-income" note="from managed businesses">
        {formatRate(incomePerSecond(settled, now))} /s
      </Stat>
      <Stat
        label="Investors"
        testId="tycoon-investors"
        note={`+${TYCOON_INVESTOR_BONUS_PERCENT}% income each: ${multiplierText(settled.investors)}`}
      >
        {settled.investors.toLocaleString('en-US')}
      </Stat>
      <Stat label="Coins" testId="tycoon-balance">
        {balance === undefined ? (
          '…'
        ) : (
          <>
            <Emoji char="🪙" /> {formatCoins(balance)}
          </>
        )}
      </Stat>
    </dl>
  );
}
