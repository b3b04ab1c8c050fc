import { Link } from 'react-router';
import {
  emptyCells,
  ENERGY_MAX,
  ENERGY_REGEN_MS,
  nextEnergyAt,
  settleEnergy,
  TAP_ENERGY,
  type MergeLabState,
} from '../../../../../shared/games/mergeLab/rules';
import { useRound } from '../../engine/public';
import { verifyHref } from '../../public';
import { countdownText, tapBlockedText, verifyTapHref } from '../mergeLabView';
import { useServerNow } from '../../../../lib/useServerNow';
import { Zap } from 'lucide-react';
import { Emoji } from '../../../../components/Emoji';

interface EnergyPanelProps {
  /** The board as shown (pending actions applied); settled here every tick on the server's clock. */
  state: MergeLabState;
  offsetMs: number;
  pendingTaps: number;
  lastRoundId: string | null;
  onTap: () => void;
}

/**
 * The energy bar, the countdown to the next point and the generator. The server settles energy
 * from time with settleEnergy; the page runs the same function on the server's clock between
 * answers, so the bar fills on screen when the server would count the point.
 */
export function EnergyPanel({
  state,
  offsetMs,
  pendingTaps,
  lastRoundId,
  onTap,
}: EnergyPanelProps) {
  const now = useServerNow(offsetMs);
  const energy = settleEnergy(state, now).energy;
  const next = nextEnergyAt(state, now);
  const untilNext = next === null ? null : next - now;
  const freeCells = emptyCells(state.board).length - pendingTaps;
  const blocked = tapBlockedText(energy, freeCells, untilNext);

  return (
    <section
      aria-labelledby="lab-energy-title"
      className="card flex flex-col gap-3"
      data-testid="lab-energy"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="lab-energy-title" className="section-title">
          <Zap className="mr-1.5" />
          Energy
        </h2>
        <p className="font-mono text-lg text-white" data-testid="lab-energy-value">
          {energy}/{ENERGY_MAX}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Energy"
        aria-valuemin={0}
        aria-valuemax={ENERGY_MAX}
        aria-valuenow={energy}
        aria-valuetext={`${energy} of ${ENERGY_MAX}`}
        className="h-3 overflow-hidden rounded-full bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-amber-300 transition-[width] duration-300"
          style={{ width: `${(100 * energy) / ENERGY_MAX}%` }}
        />
      </div>
      <p className="text-sm text-slate-300" data-testid="lab-energy-timer">
        {untilNext === null ? (
          'Full. Energy comes back 1 point every 2 minutes once you spend it.'
        ) : (
          <>
            Next point in{' '}
            <span className="font-mono text-white" data-testid="lab-energy-countdown">
              {countdownText(untilNext)}
            </span>{' '}
            (1 every {ENERGY_REGEN_MS / 60_000} minutes, up to {ENERGY_MAX}).
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-amber-400"
          onClick={() => {
            if (blocked === null) onTap();
          }}
          // Off but focusable: the last point spent by keyboard leaves the focus here, with the reason read out.
          aria-disabled={blocked !== null}
          // Named outright: Chrome reads the chip below as a word of its own ('Tap (1 ⚡ )').
          aria-label={`Tap (${TAP_ENERGY} ⚡)`}
          aria-describedby={blocked ? 'lab-tap-blocked' : undefined}
          data-testid="lab-tap"
        >
          {/* The bolt on a dark chip: a yellow emoji on the amber button would all but vanish. */}
          Tap ({TAP_ENERGY}{' '}
          <span className="rounded-full bg-slate-950 px-0.5">
            <Emoji char="⚡" />
          </span>
          )
        </button>
        {lastRoundId !== null && <LastDropLink roundId={lastRoundId} />}
      </div>
      {blocked && (
        <p id="lab-tap-blocked" className="text-sm text-amber-200" data-testid="lab-tap-blocked">
          {blocked}
        </p>
      )}
    </section>
  );
}

/** The last tap's round on /fairness: its seeds once revealed, else its nonce and empty cells to check later. */
function LastDropLink({ roundId }: { roundId: string }) {
  const round = useRound(roundId);
  const href =
    (round.data ? verifyHref(round.data) : null) ?? verifyTapHref(roundId, round.data ?? null);
  return (
    <Link
      to={href}
      className="text-sm text-amber-200 underline underline-offset-2 hover:text-amber-100"
      data-testid="lab-verify"
    >
      verify<span className="sr-only"> the last drop (round #{roundId})</span>
    </Link>
  );
}
