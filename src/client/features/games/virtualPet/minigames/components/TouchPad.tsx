import type { PointerEvent } from 'react';

export type PadDirection = 'left' | 'right' | 'up' | 'down';

interface TouchPadProps {
  layout: 'horizontal' | 'four-way';
  disabled: boolean;
  /** A direction pressed (true) or let go (false). */
  onHold: (direction: PadDirection, held: boolean) => void;
}

const ARROWS: Record<PadDirection, string> = { left: '◀', right: '▶', up: '▲', down: '▼' };

/** On-screen buttons held down to move, for touch screens (and mice). */
export function TouchPad({ layout, disabled, onHold }: TouchPadProps) {
  const button = (direction: PadDirection, className = '') => {
    const press = (event: PointerEvent<HTMLButtonElement>) => {
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      onHold(direction, true);
    };
    const release = () => onHold(direction, false);
    return (
      <button
        type="button"
        className={`btn-secondary size-14 touch-none select-none text-xl ${className}`}
        disabled={disabled}
        aria-label={`Move ${direction} (hold)`}
        onPointerDown={press}
        onPointerUp={release}
        onPointerCancel={release}
        onLostPointerCapture={release}
        onContextMenu={(event) => event.preventDefault()}
        data-testid={`minigame-pad-${direction}`}
      >
        <span aria-hidden="true">{ARROWS[direction]}</span>
      </button>
    );
  };

  if (layout === 'horizontal') {
    return (
      <div className="flex justify-between gap-4" role="group" aria-label="Touch controls">
        {button('left')}
        {button('right')}
      </div>
    );
  }
  return (
    <div
      className="mx-auto grid w-fit grid-cols-3 grid-rows-2 gap-2"
      role="group"
      aria-label="Touch controls"
    >
      {button('up', 'col-start-2')}
      {button('left', 'col-start-1 row-start-2')}
      {button('down', 'col-start-2 row-start-2')}
      {button('right', 'col-start-3 row-start-2')}
    </div>
  );
}
