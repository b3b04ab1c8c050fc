import type { GachaPoolDto } from '../../../../../../shared/games/virtualPet/contract';
import { RARITIES } from '../../../../../../shared/games/virtualPet/catalog';
import { ODDS_TOTAL } from '../../../../../../shared/games/virtualPet/gacha';
import { formatCoins } from '../../../../../lib/format';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { Meter } from '../../components/Meter';
import { RarityBadge } from '../../components/RarityBadge';
import {
  PITY_RULE,
  pityText,
  pityValue,
  poolOf,
  spinBlockedText,
  spinOptions,
  type SpinOption,
} from '../gachaView';
import { OddsDetails } from './OddsDetails';
import { PullResults, type SpinOutcome } from './PullResults';
import { EmojiText } from '../../../../../components/Emoji';

interface PoolCardProps {
  pool: GachaPoolDto;
  /** The gold balance; undefined while it loads. */
  gold: number | undefined;
  /** A spin is in flight (on any pool). */
  busy: boolean;
  /** The count of this pool's spin in flight, if any. */
  spinning: 1 | 10 | null;
  /** The last answer, when it was this pool's. */
  outcome: SpinOutcome | null;
  reducedMotion: boolean;
  onSpin: (pool: GachaPoolDto, count: 1 | 10) => Promise<void>;
}

function SpinButton({
  option,
  pool,
  busy,
  spinning,
  describedBy,
  onSpin,
}: {
  option: SpinOption;
  pool: GachaPoolDto;
  busy: boolean;
  spinning: boolean;
  describedBy?: string;
  onSpin: PoolCardProps['onSpin'];
}) {
  const guard = useActionGuard();
  return (
    <button
      type="button"
      className={`${option.count === 1 ? 'btn-secondary' : 'btn-primary'} min-w-0 flex-1 flex-col gap-0`}
      disabled={!option.affordable || busy || guard.quiet}
      aria-describedby={!option.affordable ? describedBy : undefined}
      onClick={() => void guard.run(() => onSpin(pool, option.count))}
      data-testid={`gacha-spin-${option.count}`}
    >
      <span>{spinning ? 'Spinning…' : option.label}</span>
      <span className="text-xs font-normal">{formatCoins(option.cost)} gold</span>
    </button>
  );
}

/** Spec section 2, Gacha: one card per pool with its cost, odds by rarity and the pity bar; ×1 and ×10. */
export function PoolCard({
  pool,
  gold,
  busy,
  spinning,
  outcome,
  reducedMotion,
  onSpin,
}: PoolCardProps) {
  const shared = poolOf(pool);
  const options = spinOptions(pool.cost, gold);
  const blocked = spinBlockedText(options, gold);
  const pity = pityText(pool.pityCount);
  const titleId = `gacha-pool-${pool.id}`;
  const blockedId = `${titleId}-blocked`;

  return (
    <li
      className="card flex min-w-0 flex-col gap-4"
      data-testid="gacha-pool"
      data-pool-id={pool.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="section-title wrap-anywhere">
          <span aria-hidden="true">
            <EmojiText text={pool.emoji} />{' '}
          </span>
          {pool.name}
        </h2>
        <p className="text-sm text-slate-300">
          <span className="font-mono font-semibold text-amber-200" data-testid="gacha-cost">
            {formatCoins(pool.cost)}
          </span>{' '}
          gold per pull
        </p>
      </div>
      <ul
        className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3"
        aria-label={`${pool.name} odds per pull`}
      >
        {RARITIES.map((r) => (
          <li key={r} className="flex items-center justify-between gap-2">
            <RarityBadge rarity={r} />
            <span className="font-mono text-slate-200">
              {((100 * shared.odds[r]) / ODDS_TOTAL).toFixed(2)}%
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-1">
        <p className="flex justify-between gap-2 text-sm">
          <span className="font-semibold text-white">Pity</span>
          <span className="font-mono text-slate-200" data-testid="gacha-pity">
            {pity.figure}
          </span>
        </p>
        <Meter
          label={`${pool.name}: pity`}
          percent={pityValue(pool.pityCount)}
          valueText={`${pity.figure} pulls since your last Legendary-or-better`}
        />
        <p className="text-xs text-slate-400">
          {PITY_RULE} {pity.left}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex gap-2">
          {options.map((option) => (
            <SpinButton
              key={option.count}
              option={option}
              pool={pool}
              busy={busy}
              spinning={spinning === option.count}
              describedBy={blockedId}
              onSpin={onSpin}
            />
          ))}
        </div>
        {blocked && (
          <p id={blockedId} className="text-sm text-amber-200">
            {blocked}
          </p>
        )}
      </div>
      {outcome && <PullResults outcome={outcome} reducedMotion={reducedMotion} />}
      <OddsDetails pool={shared} />
    </li>
  );
}
