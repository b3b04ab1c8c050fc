import {
  DndContext,
  DragOverlay,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MergeLabActionResponse } from '../../../../../shared/games/mergeLab/contract';
import {
  embodiedEnergy,
  orderPayout,
  paidToday,
  sellPayout,
  type MergeLabState,
} from '../../../../../shared/games/mergeLab/rules';
import { ConfirmDialog } from '../../../../components/Modal';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { formatCoins } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useReducedMotion } from '../../public';
import { Board, type CellPop } from '../components/Board';
import { EconomyPanel } from '../components/EconomyPanel';
import { EnergyPanel } from '../components/EnergyPanel';
import { ItemFace } from '../components/ItemFace';
import { OrderCards } from '../components/OrderCards';
import { SellTray } from '../components/SellTray';
import { dropTargetOf, labCollisionDetection, useLabSensors, type ItemDragData } from '../dnd';
import {
  cellName,
  coinsText,
  intentFor,
  itemName,
  LOAD_FAILED,
  matchingCell,
  outcomeText,
  SELL_CONFIRM_TIER,
  sameItem,
  withPending,
  type DropTarget,
  type LabAction,
  type LabIntent,
} from '../mergeLabView';
import { useLabAction, usePendingActions } from '../mutations';
import { useMergeLab } from '../queries';
import { FlaskConical, LayoutGrid, Search } from 'lucide-react';
import { Emoji } from '../../../../components/Emoji';

const HELP_ID = 'lab-board-help';
const REFUSED_TOAST = 'merge-lab-refused';
/** The page scrolls under a dragged item only in the outer tenth of the window, so an order card or the tray near the edge can still be aimed at. */
const AUTO_SCROLL = { threshold: { x: 0.1, y: 0.1 } };

const screenReaderInstructions = {
  draggable:
    'Enter or Space selects this item; then move to an identical item and press Enter to merge, or to an empty cell to move it there. Escape puts it back. To drag it instead, press D, steer it with the arrow keys onto a cell, an order card or the sell tray, and press Enter to drop it.',
};

function dragCell(data: unknown): number | null {
  const cell = (data as ItemDragData | undefined)?.cell;
  return typeof cell === 'number' ? cell : null;
}

/**
 * Issue 24, Merge Lab: the server's board, energy that comes back from time, the generator, three
 * order cards, a sell tray and the published economy. Every move is the player's intent, checked
 * on the server; the page applies the same shared rules meanwhile, so a merge shows at once, and
 * replaces its board with each answer's.
 */
export function MergeLabPage() {
  const lab = useMergeLab();
  const { user } = useSession();
  const reducedMotion = useReducedMotion();
  const sensors = useLabSensors();
  const pending = usePendingActions();
  const [selected, setSelected] = useState<number | null>(null);
  const [focusCell, setFocusCell] = useState(0);
  const [pop, setPop] = useState<CellPop | null>(null);
  const [status, setStatus] = useState('');
  const [lastRoundId, setLastRoundId] = useState<string | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [confirmSell, setConfirmSell] = useState<number | null>(null);
  const popSeq = useRef(0);
  const focusBoard = useRef<((cell: number) => void) | null>(null);
  /** A cell to focus once the control that sent an item away is gone or off (Sell, Deliver), so the keyboard is not dropped on the page. */
  const [refocus, setRefocus] = useState<number | null>(null);
  useEffect(() => {
    // After the sale dialog closed (it hands the focus back to what opened it first).
    if (refocus === null || confirmSell !== null) return;
    const active = document.activeElement;
    if (
      !active ||
      active === document.body ||
      (active instanceof HTMLButtonElement && active.disabled)
    )
      focusBoard.current?.(refocus);
    setRefocus(null);
  }, [refocus, confirmSell]);

  const action = useLabAction({
    onAnswer: (done: LabAction, answer: MergeLabActionResponse) => {
      const text = outcomeText(done, answer);
      setStatus(text);
      if (done.kind === 'tap' && answer.drop) {
        setLastRoundId(answer.drop.roundId);
        setPop({ cell: answer.drop.cell, key: answer.drop.roundId });
      }
      if (answer.coins > 0) notify.success(text);
    },
    onRefused: (_done, message) => {
      setStatus(message);
      notify.error(message, { id: REFUSED_TOAST });
    },
  });

  const view = lab.data;
  const display = useMemo(
    () => (view ? withPending(view.state, pending, Date.now() + view.offsetMs) : null),
    [view, pending],
  );
  const state: MergeLabState | null = display?.state ?? null;
  // A selection whose item an answer took away (a refused merge, another tab) lapses.
  const selectedCell = selected !== null && state?.board[selected] ? selected : null;

  function dispatch(intent: LabIntent) {
    if (!state) return;
    const from = intent.kind === 'tap' ? null : 'from' in intent ? intent.from : intent.cell;
    const item = from === null ? undefined : (state.board[from] ?? undefined);
    action.mutate({ ...intent, item });
    if (intent.kind === 'merge') {
      popSeq.current += 1;
      setPop({ cell: intent.to, key: `merge-${popSeq.current}` });
    }
    setSelected(null);
  }

  /** The rule's refusal said on the status line and in a toast, nothing sent. */
  function refuse(message: string) {
    setStatus(message);
    notify.error(message, { id: REFUSED_TOAST });
  }

  function requestSell(cell: number) {
    const item = state?.board[cell];
    if (!item) return;
    // The day's cap is the one rule that can refuse a sale of an item that is there.
    const resolved = intentFor(state, cell, { kind: 'sell' }, Date.now() + (view?.offsetMs ?? 0));
    if (resolved && 'refusal' in resolved) {
      refuse(resolved.refusal);
      return;
    }
    if (item.t >= SELL_CONFIRM_TIER) setConfirmSell(cell);
    else dispatch({ kind: 'sell', cell });
  }

  /** The item in `from` sent to a target, by a drop or by choosing the target after selecting. */
  function act(from: number, target: DropTarget) {
    if (!state) return;
    const resolved = intentFor(state, from, target, Date.now() + (view?.offsetMs ?? 0));
    if (resolved === null) return;
    if ('refusal' in resolved) {
      refuse(resolved.refusal);
      return;
    }
    if (resolved.intent.kind === 'sell') requestSell(from);
    else dispatch(resolved.intent);
  }

  /** A cell's click, Enter or Space: select an item, or send the selected one here. */
  function activate(cell: number) {
    if (!state) return;
    setFocusCell(cell);
    const item = state.board[cell];
    if (selectedCell === null) {
      if (!item) {
        setStatus(`Nothing in ${cellName(cell)}. Select an item first.`);
        return;
      }
      setSelected(cell);
      setStatus(
        `Selected ${itemName(item)} in ${cellName(cell)}. Choose an identical item to merge, an empty cell to move to, an order card or Sell. Escape puts it back.`,
      );
      return;
    }
    if (selectedCell === cell) {
      setSelected(null);
      setStatus('Put back.');
      return;
    }
    const from = state.board[selectedCell];
    if (item && !sameItem(item, from)) {
      // Not a merge: picking another item is what a click on it means, so say so and switch.
      setSelected(cell);
      setStatus(
        `Those two are not the same item, so nothing merged. Selected ${itemName(item)} in ${cellName(cell)} instead.`,
      );
      return;
    }
    act(selectedCell, { kind: 'cell', cell });
  }

  function deliver(order: number) {
    const wanted = state?.orders[order];
    if (!state || !wanted) return;
    const cell =
      selectedCell !== null && sameItem(state.board[selectedCell], wanted)
        ? selectedCell
        : matchingCell(state.board, wanted);
    if (cell === null) return;
    act(cell, { kind: 'order', order });
    setRefocus(cell);
  }

  function onDragStart(event: DragStartEvent) {
    setDragging(dragCell(event.active.data.current));
    setSelected(null);
  }

  function onDragEnd(event: DragEndEvent) {
    setDragging(null);
    const from = dragCell(event.active.data.current);
    const target = dropTargetOf(event.over?.id);
    if (from !== null && target !== null) act(from, target);
  }

  const describeTarget = (id: UniqueIdentifier | undefined): string => {
    const target = dropTargetOf(id);
    if (!target || !state) return 'nothing';
    if (target.kind === 'sell') return 'the sell tray';
    if (target.kind === 'order') {
      const order = state.orders[target.order];
      return order ? `the order for ${itemName(order)}` : 'an order';
    }
    const item = state.board[target.cell];
    return `${cellName(target.cell)}, ${item ? itemName(item) : 'empty'}`;
  };
  const describeDragged = (data: unknown): string => {
    const cell = dragCell(data);
    const item = cell === null ? null : state?.board[cell];
    return item && cell !== null ? `${itemName(item)} from ${cellName(cell)}` : 'the item';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describeDragged(active.data.current)}.`,
    onDragOver: ({ over }) =>
      over ? `Over ${describeTarget(over.id)}.` : 'Not over a place to drop.',
    onDragEnd: ({ over }) =>
      over ? `Dropped on ${describeTarget(over.id)}.` : 'Dropped nowhere; nothing changed.',
    onDragCancel: () => 'Put back; nothing changed.',
  };

  const delivering = new Set(pending.flatMap((p) => (p.kind === 'deliver' ? [p.order] : [])));
  const draggedItem = dragging === null ? null : (state?.board[dragging] ?? null);
  const sellItem = confirmSell === null ? null : (state?.board[confirmSell] ?? null);
  const pendingTaps = display?.pendingTaps ?? 0;
  const empty = state !== null && pendingTaps === 0 && state.board.every((item) => item === null);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            <FlaskConical className="mr-1.5" />
            Merge Lab
          </h1>
          <p className="mt-1 text-slate-400">
            Tap for items, merge two of a kind into the next tier, and fill orders for coins.
          </p>
        </div>
        {user && (
          <p className="text-lg text-slate-300">
            Balance:{' '}
            <strong data-testid="lab-balance" className="font-mono text-emerald-300">
              <Emoji char="🪙" /> {formatCoins(user.balance)}
            </strong>
          </p>
        )}
        <Link to="/fairness" className="btn-secondary">
          <Search />
          Verify rounds
        </Link>
      </header>
      {lab.isPending ? (
        <LoadingState>Loading your lab…</LoadingState>
      ) : !view || !state ? (
        <ErrorBanner>
          <span className="mr-3">{LOAD_FAILED}.</span>
          <button
            type="button"
            className="underline underline-offset-2"
            onClick={() => void lab.refetch()}
          >
            Try again
          </button>
        </ErrorBanner>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={labCollisionDetection}
          autoScroll={AUTO_SCROLL}
          accessibility={{ announcements, screenReaderInstructions }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
        >
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
            <div className="flex min-w-0 flex-col gap-6">
              <EnergyPanel
                state={state}
                offsetMs={view.offsetMs}
                pendingTaps={pendingTaps}
                lastRoundId={lastRoundId}
                onTap={() => dispatch({ kind: 'tap' })}
              />
              <section aria-labelledby="lab-board-title" className="card flex flex-col gap-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <h2 id="lab-board-title" className="section-title">
                    <LayoutGrid className="mr-1.5" />
                    Board
                  </h2>
                  <p className="text-sm text-slate-400" data-testid="lab-earned">
                    Earned here: {coinsText(state.coinsEarned)}
                  </p>
                </div>
                {empty && (
                  <p
                    className="rounded-xl border border-dashed border-white/15 p-3 text-center text-sm text-slate-300"
                    data-testid="lab-empty"
                  >
                    Your board is empty. Tap the generator: each tap drops a tier-1 item in a random
                    free cell.
                  </p>
                )}
                <Board
                  board={state.board}
                  selected={selectedCell}
                  focusCell={focusCell}
                  pop={pop}
                  reducedMotion={reducedMotion}
                  dragging={dragging !== null}
                  onFocusCell={setFocusCell}
                  onActivate={activate}
                  onCancel={() => {
                    setSelected(null);
                    setStatus('Put back.');
                  }}
                  describedBy={HELP_ID}
                  focusRef={focusBoard}
                />
                <p
                  aria-live="polite"
                  className="min-h-5 text-sm text-white"
                  data-testid="lab-status"
                >
                  {status}
                </p>
                <SellTray
                  selected={selectedCell === null ? null : (state.board[selectedCell] ?? null)}
                  dragged={draggedItem}
                  onSell={() => {
                    if (selectedCell === null) return;
                    requestSell(selectedCell);
                    setRefocus(selectedCell);
                  }}
                />
                <p id={HELP_ID} className="text-xs text-slate-400">
                  Drag an item onto an identical one to merge them into the next tier, or onto an
                  empty cell to move it. By keyboard: the arrow keys move between cells, Enter or
                  Space selects an item, Enter on the target merges or moves it, and Escape puts it
                  back; D picks an item up to drag it onto an order or the sell tray.
                </p>
              </section>
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <OrderCards
                orders={state.orders}
                board={state.board}
                delivering={delivering}
                onDeliver={deliver}
              />
              <EconomyPanel paidToday={paidToday(state, Date.now() + view.offsetMs)} />
            </div>
          </div>
          <DragOverlay dropAnimation={null}>
            {draggedItem ? (
              <span className="block size-12">
                <ItemFace item={draggedItem} lifted />
              </span>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      <ConfirmDialog
        open={sellItem !== null}
        question={
          sellItem
            ? `Sell ${itemName(sellItem)} for ${coinsText(sellPayout(sellItem.t))}?`
            : 'Sell?'
        }
        details={
          sellItem
            ? `It is tier ${sellItem.t}: ${formatCoins(embodiedEnergy(sellItem.t))} energy went into it, and an order for it would pay ${coinsText(orderPayout(sellItem.t))}.`
            : undefined
        }
        confirmLabel="Sell"
        tone="danger"
        onConfirm={() => {
          if (confirmSell !== null) dispatch({ kind: 'sell', cell: confirmSell });
          setConfirmSell(null);
        }}
        onCancel={() => setConfirmSell(null)}
      />
    </div>
  );
}
