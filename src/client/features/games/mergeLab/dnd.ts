import {
  closestCenter,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { BOARD_CELLS } from '../../../../shared/games/mergeLab/rules';
import type { DropTarget } from './mergeLabView';

/** Drag and drop ids: items are dragged from cells; cells, order cards and the sell tray take them. */
export const itemDragId = (cell: number) => `item:${cell}`;
export const cellDropId = (cell: number) => `cell:${cell}`;
export const orderDropId = (order: number) => `order:${order}`;
export const SELL_DROP_ID = 'sell';

export function dropTargetOf(id: UniqueIdentifier | undefined): DropTarget | null {
  if (id === undefined) return null;
  const text = String(id);
  if (text === SELL_DROP_ID) return { kind: 'sell' };
  const [kind, n] = text.split(':');
  const index = Number(n);
  if (!Number.isInteger(index)) return null;
  if (kind === 'cell' && index >= 0 && index < BOARD_CELLS) return { kind: 'cell', cell: index };
  if (kind === 'order' && index >= 0) return { kind: 'order', order: index };
  return null;
}

export interface ItemDragData {
  cell: number;
}

/** The key that picks an item up for a keyboard drag: Enter and Space already select (see Board). */
const KEYBOARD_DRAG_KEY = 'KeyD';

/**
 * Mouse and pen: a press that moves a few pixels is a drag, one that does not is a click (which
 * selects). Touch is left to the touch sensor: a finger's pointer events would otherwise start a
 * drag where the player meant to scroll the page.
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) =>
        event.nativeEvent.pointerType !== 'touch' &&
        PointerSensor.activators[0]!.handler(event, options),
    },
  ];
}

const DIRECTIONS: Partial<Record<string, { x: number; y: number }>> = {
  [KeyboardCode.Right]: { x: 1, y: 0 },
  [KeyboardCode.Left]: { x: -1, y: 0 },
  [KeyboardCode.Down]: { x: 0, y: 1 },
  [KeyboardCode.Up]: { x: 0, y: -1 },
};

/**
 * A keyboard drag jumps from target to target: an arrow goes to the nearest drop target whose
 * centre lies that way (off-axis distance counts double, so Right stays on the row), and so
 * reaches the order cards and the sell tray beside the board as well as the next cell.
 */
const jumpToNextTarget: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = DIRECTIONS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  const cx = collisionRect.left + collisionRect.width / 2;
  const cy = collisionRect.top + collisionRect.height / 2;
  let best: { dx: number; dy: number; score: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const dx = rect.left + rect.width / 2 - cx;
    const dy = rect.top + rect.height / 2 - cy;
    const along = dx * direction.x + dy * direction.y;
    // Half a cell at least, so the target under the item now is never the next one.
    if (along < Math.min(rect.width, rect.height, collisionRect.width) / 2) continue;
    const across = Math.abs(dx * direction.y + dy * direction.x);
    const score = along + 2 * across;
    if (!best || score < best.score) best = { dx, dy, score };
  }
  return best
    ? { x: currentCoordinates.x + best.dx, y: currentCoordinates.y + best.dy }
    : currentCoordinates;
};

/** A pointer counts where it is; a keyboard drag has no pointer, so the nearest centre decides. */
export const labCollisionDetection: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

export function useLabSensors() {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 4 } }),
    // A long press tells a drag apart from a scroll; a plain tap selects.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      keyboardCodes: {
        start: [KEYBOARD_DRAG_KEY],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Enter, KeyboardCode.Space, KEYBOARD_DRAG_KEY],
      },
      coordinateGetter: jumpToNextTarget,
    }),
  );
}
