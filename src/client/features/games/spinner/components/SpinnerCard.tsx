import { useEffect, useRef, useState } from 'react';
import type { SpinnerTableDto } from '../../../../../shared/games/spinner/contract';
import { SPINNER_INFO, type SpinnerId } from '../../../../../shared/games/engine/catalog';
import { ApiError } from '../../../../lib/api';
import { holdBalance } from '../../../../lib/balanceHold';
import { fireConfetti } from '../../../../lib/confetti';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useActionGuard } from '../../../../lib/useActionGuard';
import { useAfterGamePlayed } from '../../public';
import { useSpinMutation } from '../mutations';
import { useGameSound } from '../../public';
import { formatHms } from '../../public';
import { deservesConfetti, landingRotation } from '../spinnerMath';
import { SPIN_ANIMATION_MS, SPIN_RESULT_MS } from '../timing';
import { RewardTable } from './RewardTable';
import { Wheel } from './Wheel';

interface SpinnerCardProps {
  id: SpinnerId;
  table: SpinnerTableDto;
  /** From GET /api/games/progress: when this wheel may spin again (null: never spun). */
  nextSpin: string | null;
  /** Server clock minus this browser's clock, in ms (spec section 4's correction). */
  clockOffset: number;
  onServerTime: (serverTime: string) => void;
  reducedMotion: boolean;
}

function celebrate() {
  fireConfetti({
    particleCount: 140,
    spread: 75,
    origin: { y: 0.6 },
    disableForReducedMotion: true,
  });
}

const nextSpinOf = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as { nextSpin?: unknown } | null | undefined;
  return typeof details?.nextSpin === 'string' ? details.nextSpin : null;
};

export function SpinnerCard({
  id,
  table,
  nextSpin,
  clockOffset,
  onServerTime,
  reducedMotion,
}: SpinnerCardProps) {
  const info = SPINNER_INFO[id];
  const spin = useSpinMutation();
  const afterSpin = useAfterGamePlayed();
  const sound = useGameSound();
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [reward, setReward] = useState<number | null>(null);
  const [ownNextSpin, setOwnNextSpin] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const releaseBalance = useRef<() => void>(() => undefined);
  const guard = useActionGuard();
  const { user } = useSession();

  const effectiveNextSpin = ownNextSpin ?? nextSpin;
  const remaining = effectiveNextSpin ? Date.parse(effectiveNextSpin) - (now + clockOffset) : 0;
  const ready = remaining <= 0;

  // A one-second tick only while a countdown runs.
  useEffect(() => {
    if (ready) return;
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [ready]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      releaseBalance.current();
    },
    [],
  );

  async function onSpin() {
    setSpinning(true);
    setReward(null);
    // The pill keeps today's balance until the wheel stops on the reward.
    if (user) releaseBalance.current = holdBalance(user.balance);
    try {
      const result = await spin.mutateAsync(id);
      onServerTime(result.serverTime);
      setRotation((r) => landingRotation(r, table, result.slice));
      timer.current = setTimeout(
        () => {
          setReward(result.reward);
          setOwnNextSpin(result.nextSpin);
          setNow(Date.now());
          setSpinning(false);
          releaseBalance.current();
          if (result.reward > 0) sound.playWin();
          if (!reducedMotion && deservesConfetti(table, result.reward)) celebrate();
          void afterSpin();
        },
        reducedMotion ? 0 : SPIN_RESULT_MS,
      );
    } catch (error) {
      const refusedUntil = nextSpinOf(error);
      if (refusedUntil) setOwnNextSpin(refusedUntil);
      releaseBalance.current();
      notify.error(errorMessage(error, 'Error spinning'));
      setNow(Date.now());
      setSpinning(false);
    }
  }

  return (
    <article
      className="card flex flex-col gap-3"
      aria-labelledby={`title-${id}`}
      data-testid={`spinner-${id}`}
    >
      <header>
        <h2 id={`title-${id}`} className="font-display text-xl font-bold text-white">
          {info.title}
        </h2>
        <p className="text-sm text-slate-400">{info.interval}</p>
      </header>
      <Wheel
        id={id}
        title={info.title}
        table={table}
        rotation={rotation}
        durationMs={reducedMotion ? 0 : SPIN_ANIMATION_MS}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={spinning || !ready || guard.quiet}
          onClick={() => void guard.run(onSpin)}
        >
          {spinning ? 'Spinning…' : 'Spin Now'}
        </button>
        <p className="text-sm text-slate-300">
          Next spin in{' '}
          <span className="font-mono font-semibold text-white" data-testid={`countdown-${id}`}>
            {formatHms(remaining)}
          </span>
        </p>
      </div>
      <p
        role="status"
        className="min-h-6 text-center font-semibold text-emerald-300"
        data-testid={`reward-${id}`}
      >
        {reward !== null ? `+${formatCoins(reward)} coins` : ''}
      </p>
      <RewardTable title={info.title} table={table} />
    </article>
  );
}
