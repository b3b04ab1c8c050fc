import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { BOARD_COLS, BOARD_ROWS, type MergeItem } from '../../../../../shared/games/mergeLab/rules';
import { cellDropId, itemDragId, type ItemDragData } from '../dnd';
import { cellLabel, sameItem } from '../mergeLabView';
import { ItemFace } from './ItemFace';

/** A cell to animate in: the tap's drop or a merge's result, keyed so each new one plays once. */
export interface CellPop {
  cell: number;
  key: string;
}

interface BoardProps {
  board: readonly (MergeItem | null)[];
  selected: number | null;
  focusCell: number;
  pop: CellPop | null;
  reducedMotion: boolean;
  /** True while dnd-kit drags: its keyboard drag owns the arrow keys then. */
  dragging: boolean;
  onFocusCell: (cell: number) => void;
  onActivate: (cell: number) => void;
  onCancel: () => void;
  describedBy: string;
  /** Filled with a function that moves the focus to a cell, for the page to bring it back to the board. */
  focusRef: RefObject<((cell: number) => void) | null>;
}

const ROWS = Array.from({ length: BOARD_ROWS }, (_, r) => r);
const COLS = Array.from({ length: BOARD_COLS }, (_, c) => c);

/** Where an arrow key, Home or End moves the focus from `cell`; null for any other key. */
function nextCell(cell: number, key: string): number | null {
  const row = Math.floor(cell / BOARD_COLS);
  const col = cell % BOARD_COLS;
  switch (key) {
    case 'ArrowRight':
      return col < BOARD_COLS - 1 ? cell + 1 : cell;
    case 'ArrowLeft':
      return col > 0 ? cell - 1 : cell;
    case 'ArrowDown':
      return row < BOARD_ROWS - 1 ? cell + BOARD_COLS : cell;
    case 'ArrowUp':
      return row > 0 ? cell - BOARD_COLS : cell;
    case 'Home':
      return row * BOARD_COLS;
    case 'End':
      return row * BOARD_COLS + BOARD_COLS - 1;
    default:
      return null;
  }
}

/**
 * The 6 x 7 board as an ARIA grid with one tab stop: the arrow keys move the focus, Enter or
 * Space (the cell's own click) selects an item and then acts on the target, Escape puts it back.
 * Every cell is a drop target and every item can be dragged.
 */
export function Board({
  board,
  selected,
  focusCell,
  pop,
  reducedMotion,
  dragging,
  onFocusCell,
  onActivate,
  onCancel,
  describedBy,
  focusRef,
}: BoardProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => {
    focusRef.current = (cell) => {
      onFocusCell(cell);
      buttons.current[cell]?.focus();
    };
  });
  const selectedItem = selected === null ? null : board[selected];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (dragging) return;
    if (event.key === 'Escape') {
      if (selected !== null) {
        event.preventDefault();
        onCancel();
      }
      return;
    }
    const next = nextCell(focusCell, event.key);
    if (next === null) return;
    event.preventDefault();
    onFocusCell(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="grid"
      aria-label="Board"
      aria-describedby={describedBy}
      aria-rowcount={BOARD_ROWS}
      aria-colcount={BOARD_COLS}
      data-testid="lab-board"
      onKeyDown={onKeyDown}
      className="mx-auto flex w-full max-w-[24rem] flex-col gap-1"
    >
      {ROWS.map((row) => (
        <div role="row" key={row} aria-rowindex={row + 1} className="grid grid-cols-6 gap-1">
          {COLS.map((col) => {
            const cell = row * BOARD_COLS + col;
            const item = board[cell] ?? null;
            return (
              <BoardCell
                key={cell}
                cell={cell}
                item={item}
                selected={selected === cell}
                target={
                  selected !== null &&
                  selected !== cell &&
                  (item === null || sameItem(item, selectedItem))
                }
                tabbable={cell === focusCell}
                popKey={pop?.cell === cell ? pop.key : null}
                reducedMotion={reducedMotion}
                buttonRef={(el) => {
                  buttons.current[cell] = el;
                }}
                onFocus={() => onFocusCell(cell)}
                onActivate={() => onActivate(cell)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

interface BoardCellProps {
  cell: number;
  item: MergeItem | null;
  selected: boolean;
  /** A place the selected item may go: an identical item or an empty cell. */
  target: boolean;
  tabbable: boolean;
  popKey: string | null;
  reducedMotion: boolean;
  buttonRef: (el: HTMLButtonElement | null) => void;
  onFocus: () => void;
  onActivate: () => void;
}

const POP_FRAMES: Keyframe[] = [
  { transform: 'scale(0.2)', opacity: 0 },
  { transform: 'scale(1.15)', opacity: 1, offset: 0.7 },
  { transform: 'scale(1)', opacity: 1 },
];

function BoardCell({
  cell,
  item,
  selected,
  target,
  tabbable,
  popKey,
  reducedMotion,
  buttonRef,
  onFocus,
  onActivate,
}: BoardCellProps) {
  const drop = useDroppable({ id: cellDropId(cell) });
  const data: ItemDragData = { cell };
  const drag = useDraggable({
    id: itemDragId(cell),
    data,
    disabled: item === null,
    attributes: { roleDescription: 'item' },
  });
  const face = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (popKey === null || reducedMotion) return;
    face.current?.animate(POP_FRAMES, { duration: 320, easing: 'ease-out' });
  }, [popKey, reducedMotion]);

  const ring = selected
    ? 'ring-2 ring-amber-300'
    : drop.isOver
      ? 'ring-2 ring-emerald-300'
      : target && item
        ? 'ring-2 ring-emerald-400/70'
        : '';
  const look = item
    ? 'border-white/15 bg-slate-800'
    : `border-dashed bg-slate-950/40 hover:bg-white/5 ${target ? 'border-emerald-400/50' : 'border-white/10'}`;
  // An empty cell is no draggable: dnd-kit would mark it aria-disabled, yet it is a place to go.
  const dragAttributes = item ? drag.attributes : {};
  return (
    <div
      role="gridcell"
      aria-selected={selected}
      ref={drop.setNodeRef}
      className="aspect-square min-w-0"
      data-testid="lab-cell"
      data-cell={cell}
      data-item={item ? `${item.c}:${item.t}` : ''}
      data-new={popKey !== null ? 'true' : undefined}
      data-over={drop.isOver ? 'true' : undefined}
    >
      <button
        type="button"
        ref={(el) => {
          drag.setNodeRef(el);
          buttonRef(el);
        }}
        {...dragAttributes}
        {...(item ? drag.listeners : {})}
        tabIndex={tabbable ? 0 : -1}
        aria-label={cellLabel(cell, item, selected)}
        onFocus={onFocus}
        onClick={onActivate}
        className={`flex size-full touch-manipulation items-center justify-center rounded-lg border p-0.5 transition-colors ${look} ${ring} ${drag.isDragging ? 'opacity-40' : ''}`}
      >
        {item && (
          <span ref={face} className="flex size-full">
            <ItemFace item={item} />
          </span>
        )}
      </button>
    </div>
  );
}
