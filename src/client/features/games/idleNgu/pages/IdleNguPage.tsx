import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  energyOf,
  formatMultiplier,
  fromJson,
  IDLE_TRAININGS,
  multiplierTenthsOf,
  power as powerOf,
  settle,
  strongestBeatable,
  type Allocations,
  type AwaySummary as Away,
  type IdleState,
  type Training,
} from '../../../../../shared/games/idleNgu/rules';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { notify } from '../../../../lib/toast';
import { useActionGuard } from '../../../../lib/useActionGuard';
import { useReducedMotion } from '../../public';
import { AwaySummary } from '../components/AwaySummary';
import { BossTower } from '../components/BossTower';
import { EnergyBar } from '../components/EnergyBar';
import { RebirthCard } from '../components/RebirthCard';
import { TrainerStats } from '../components/TrainerStats';
import { TrainingRow } from '../components/TrainingRow';
import {
  ACTION_FAILED,
  clampAllocation,
  LOAD_FAILED,
  sumOf,
  towerFloors,
  victoryText,
  watchedMeanwhile,
} from '../idleNguView';
import { useIdleAction, type IdleAction, type IdleActionAnswer } from '../mutations';
import { useIdleTrainer } from '../queries';
import { useAllocationDraft } from '../useAllocationDraft';
import { useServerNow } from '../../../../lib/useServerNow';
import { TrendingUp } from 'lucide-react';

/** Four times a second keeps the fastest bars moving; without motion the bars step twice a second. */
const TICK_MS = 250;
const REDUCED_TICK_MS = 500;

const ZERO: Allocations = { attack: 0, defense: 0, speed: 0, magic: 0 };

function parse(state: unknown): IdleState | null {
  try {
    return fromJson(state);
  } catch {
    return null;
  }
}

const WATCHED_KEY = 'idle-ngu:watched-at';

/** When this tab last showed the trainer (server clock), for watchedMeanwhile. */
function readWatchedAt(): number | null {
  try {
    const raw = sessionStorage.getItem(WATCHED_KEY);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

function rememberWatched(serverNow: number): void {
  try {
    sessionStorage.setItem(WATCHED_KEY, String(Math.floor(serverNow)));
  } catch {
    // Storage off (a private window's quota): the summary may show after a reload, nothing worse.
  }
}

/**
 * Issue 24, the idle trainer: energy split across four trainings whose levels grow with the
 * energy-time they get, a boss tower the trained power beats or not, and rebirth for a permanent
 * multiplier. The server owns the trainer; between its answers the page settles it forward on the
 * server's clock with the same shared rule, so the levels on screen are the ones the server holds.
 */
export function IdleNguPage() {
  const trainer = useIdleTrainer();
  const action = useIdleAction();
  const reducedMotion = useReducedMotion();
  const fightGuard = useActionGuard();
  const view = trainer.data;
  const state = useMemo(() => (view ? parse(view.state) : null), [view]);
  const now = useServerNow(view?.offsetMs, reducedMotion ? REDUCED_TICK_MS : TICK_MS);
  const settled = state && now !== null ? settle(state, now).state : null;

  // The away summary comes once (the server saved the settle); it stays until dismissed, whatever
  // later answers replace the trainer with.
  const [away, setAway] = useState<Away | null>(null);
  const [awaySeenAt, setAwaySeenAt] = useState<string | null>(null);
  if (view?.away && view.serverTime !== awaySeenAt) {
    setAwaySeenAt(view.serverTime);
    if (!watchedMeanwhile(view.serverTime, readWatchedAt())) setAway(view.away);
  }
  useEffect(() => {
    if (now !== null) rememberWatched(now);
  }, [now]);

  const { error, errorUpdatedAt } = trainer;
  useEffect(() => {
    // A failed refetch behind a trainer already on screen is said in a toast; a first load shows the banner.
    if (error && trainer.data) notify.error(errorMessage(error, LOAD_FAILED));
  }, [error, errorUpdatedAt, trainer.data]);

  const { mutateAsync } = action;
  const run = useCallback(
    async (intent: IdleAction): Promise<IdleActionAnswer> => {
      try {
        return await mutateAsync(intent);
      } catch (failure) {
        notify.error(errorMessage(failure, ACTION_FAILED));
        throw failure;
      }
    },
    [mutateAsync],
  );
  const save = useCallback(
    (allocations: Allocations) => run({ intent: 'allocate', allocations }),
    [run],
  );
  const draft = useAllocationDraft(state?.allocations ?? ZERO, save);

  function onFight(boss: number) {
    void fightGuard.run(async () => {
      const answer = await run({ intent: 'fight', boss }).catch(() => null);
      if (answer) notify.success(victoryText(boss, answer.coins));
    });
  }

  function onRebirth() {
    draft.discard();
    void run({ intent: 'rebirth' })
      .then((answer) => {
        const reborn = parse(answer.state);
        if (reborn)
          notify.success(
            `Reborn: multiplier ${formatMultiplier(multiplierTenthsOf(reborn))}, ${energyOf(reborn)} energy`,
          );
      })
      .catch(() => undefined);
  }

  const energy = state ? energyOf(state) : 0;
  const idle = energy - sumOf(draft.shown);
  const onSet = (t: Training, value: number) =>
    draft.change(clampAllocation(draft.shown, energy, t, value));
  const power = settled ? powerOf(settled) : 0n;

  return (
    <div className="flex flex-col gap-6">
      <header className="min-w-0">
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
          <TrendingUp className="mr-1.5" />
          Idle NGU
        </h1>
        <p className="mt-1 text-slate-400">
          Put your energy into four trainings; their levels grow while it stays there, even while
          you are away (up to 12 h). The levels make your power, your power beats bosses, and the
          first kill of each boss pays coins.
        </p>
      </header>

      {trainer.isPending ? (
        <LoadingState>Loading your trainer…</LoadingState>
      ) : !view || !state ? (
        <ErrorBanner>
          <p>{trainer.error ? errorMessage(trainer.error, LOAD_FAILED) : LOAD_FAILED}</p>
          <button
            type="button"
            className="btn-secondary mt-2"
            onClick={() => void trainer.refetch()}
          >
            Try again
          </button>
        </ErrorBanner>
      ) : settled && now !== null ? (
        <>
          {away && <AwaySummary away={away} onDismiss={() => setAway(null)} />}
          <TrainerStats settled={settled} power={power} strongest={strongestBeatable(settled)} />
          <section className="flex min-w-0 flex-col gap-3" aria-labelledby="idle-trainings-title">
            <h2 id="idle-trainings-title" className="section-title">
              Trainings
            </h2>
            <EnergyBar idle={idle} total={energy} phase={draft.phase} />
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {IDLE_TRAININGS.map((t) => (
                <TrainingRow
                  key={t}
                  training={t}
                  settled={settled}
                  now={now}
                  allocated={draft.shown[t]}
                  idle={idle}
                  onSet={(value) => onSet(t, value)}
                />
              ))}
            </ul>
          </section>
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[2fr_1fr]">
            <BossTower
              floors={towerFloors(settled, power)}
              busy={action.isPending || fightGuard.quiet}
              onFight={onFight}
            />
            <RebirthCard state={settled} busy={action.isPending} onRebirth={onRebirth} />
          </div>
        </>
      ) : null}
    </div>
  );
}
