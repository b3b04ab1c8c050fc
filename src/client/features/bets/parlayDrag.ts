import {
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';

// Apart from the picks' rules (parlay.ts), so a slip without dragging loads no dnd-kit.
export const PARLAY_DROP_ZONE_ID = 'parlay-drop-zone';

/** A mouse or finger counts where it is; a keyboard drag has no pointer, so its rectangle decides. */
export const parlayCollisionDetection: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

const KEYBOARD_STEP_PX = 25;
const DIRECTIONS: Record<string, { x: number; y: number }> = {
  ArrowRight: { x: 1, y: 0 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowDown: { x: 0, y: 1 },
  ArrowUp: { x: 0, y: -1 },
};

/**
 * dnd-kit's sortable getter only targets sortable items, and the default one crawls 25 px a
 * press. With a single target, an arrow pointing toward the slip jumps straight onto it (right
 * on wide screens, down when the columns stack); any other arrow nudges as usual.
 */
export const parlayKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const direction = DIRECTIONS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects } = context;
  const zone = droppableRects.get(PARLAY_DROP_ZONE_ID);
  if (collisionRect && zone) {
    const dx = zone.left + zone.width / 2 - (collisionRect.left + collisionRect.width / 2);
    const dy = zone.top + zone.height / 2 - (collisionRect.top + collisionRect.height / 2);
    if (direction.x * dx + direction.y * dy > 0) {
      return { x: currentCoordinates.x + dx, y: currentCoordinates.y + dy };
    }
  }
  return {
    x: currentCoordinates.x + direction.x * KEYBOARD_STEP_PX,
    y: currentCoordinates.y + direction.y * KEYBOARD_STEP_PX,
  };
};
