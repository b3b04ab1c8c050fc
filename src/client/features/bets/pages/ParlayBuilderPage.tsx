import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BetDto } from '../../../../shared/api/bets';
import { PARLAY_MAX_LEGS, PARLAY_MIN_LEGS } from '../../../../shared/odds';
import { EmptyState, LoadingState } from '../../../components/States';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { formatOdds } from '../display';
import { ChipFace, DraggableOption, type DragData } from '../components/parlay/DraggableOption';
import { ParlaySlip } from '../components/parlay/ParlaySlip';
import { addPick, withCurrentOdds, type ParlayPick } from '../parlay';
import {
  PARLAY_DROP_ZONE_ID,
  parlayCollisionDetection,
  parlayKeyboardCoordinates,
} from '../parlayDrag';
import { useActiveBets } from '../queries';
import { hasEnded, useBetClock } from '../useBetClock';
import { Target } from 'lucide-react';

function pickOf(data: unknown): ParlayPick | null {
  return (data as DragData | undefined)?.pick ?? null;
}

function describe(data: unknown): string {
  const pick = pickOf(data);
  return pick ? `${pick.choice} at ${formatOdds(pick.odds)} on ${pick.betTitle}` : 'option';
}

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${describe(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${describe(active.data.current)} is over your parlay.`
      : `${describe(active.data.current)} is not over your parlay.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `Added ${describe(active.data.current)} to your parlay.`
      : `${describe(active.data.current)} was not added.`,
  onDragCancel: ({ active }) =>
    `Stopped dragging ${describe(active.data.current)}; nothing was added.`,
};

const screenReaderInstructions = {
  draggable:
    'To add this option to your parlay, press Space or Enter to pick it up, press the arrow key toward your parlay to move it there, then press Space or Enter to drop it. Escape cancels.',
};

function BetOptions({
  bet,
  picks,
  onAdd,
}: {
  bet: BetDto;
  picks: ParlayPick[];
  onAdd: (pick: ParlayPick) => void;
}) {
  const picked = picks.find((pick) => pick.betId === bet._id);
  return (
    <li
      data-testid="parlay-bet"
      data-bet-id={bet._id}
      className="rounded-xl border border-white/10 bg-white/5 p-3"
    >
      <h3 className="font-semibold break-words text-white">{bet.title}</h3>
      <p className="text-xs text-slate-400">
        Ends <time dateTime={bet.endTime}>{formatDateTime(bet.endTime)}</time>
      </p>
      <ul aria-label={`Options for ${bet.title}`} className="mt-2 flex flex-wrap gap-2">
        {bet.options.map((option) => {
          const pick: ParlayPick = {
            betId: bet._id,
            betTitle: bet.title,
            choice: option.text,
            odds: option.odds,
          };
          return (
            <DraggableOption
              key={option._id}
              pick={pick}
              picked={picked?.choice === option.text}
              onAdd={() => onAdd(pick)}
            />
          );
        })}
      </ul>
    </li>
  );
}

export function ParlayBuilderPage() {
  const bets = useActiveBets();
  const now = useBetClock(bets.data?.map((bet) => bet.endTime) ?? []);
  const openBets = bets.data?.filter((bet) => !hasEnded(bet.endTime, now)) ?? [];
  const [picks, setPicks] = useState<ParlayPick[]>([]);
  const [dragging, setDragging] = useState<ParlayPick | null>(null);

  const sensors = useSensors(
    // No distance threshold: a press on a chip can only mean a drag, and scripted drags stay simple.
    useSensor(MouseSensor),
    // A long press tells a drag apart from a scroll on touch screens.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: parlayKeyboardCoordinates }),
  );

  useEffect(() => {
    if (bets.error) console.error('Failed to load active bets', bets.error);
  }, [bets.error]);

  function add(pick: ParlayPick) {
    const result = addPick(picks, pick);
    if (result.full) {
      notify.error(`A parlay holds at most ${PARLAY_MAX_LEGS} bets.`);
      return;
    }
    setPicks(result.picks);
  }

  function onDragStart(event: DragStartEvent) {
    setDragging(pickOf(event.active.data.current));
  }

  function onDragEnd(event: DragEndEvent) {
    setDragging(null);
    const pick = pickOf(event.active.data.current);
    if (pick && event.over?.id === PARLAY_DROP_ZONE_ID) add(pick);
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            Parlay Builder
          </h1>
          <p className="mt-1 text-slate-400">
            Combine {PARLAY_MIN_LEGS} to {PARLAY_MAX_LEGS} bets, one option each. Every leg must
            win.
          </p>
        </div>
        <Link to="/bets" className="btn-secondary">
          <span aria-hidden="true">←</span>Back to bets
        </Link>
      </header>

      <DndContext
        sensors={sensors}
        collisionDetection={parlayCollisionDetection}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <section
            aria-labelledby="parlay-bets-heading"
            className="card flex min-w-0 flex-col gap-3"
          >
            <h2 id="parlay-bets-heading" className="section-title">
              <Target className="mr-1.5" />
              Open bets
            </h2>
            {bets.isPending ? (
              <LoadingState>Loading bets…</LoadingState>
            ) : openBets.length === 0 ? (
              <EmptyState>No open bets right now.</EmptyState>
            ) : (
              <ul aria-label="Bets to combine" className="flex flex-col gap-3">
                {openBets.map((bet) => (
                  <BetOptions key={bet._id} bet={bet} picks={picks} onAdd={add} />
                ))}
              </ul>
            )}
          </section>

          <ParlaySlip
            picks={picks}
            onRemove={(betId) =>
              setPicks((current) => current.filter((pick) => pick.betId !== betId))
            }
            onOddsChanged={(current) => setPicks((existing) => withCurrentOdds(existing, current))}
          />
        </div>

        <DragOverlay dropAnimation={null}>
          {dragging ? <ChipFace pick={dragging} lifted /> : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
