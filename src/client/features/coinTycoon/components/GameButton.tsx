import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface GameButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick'> {
  /** Shown and announced as unavailable; the button keeps its focus. */
  unavailable: boolean;
  onPress: () => void;
  children: ReactNode;
}

/**
 * A button the game's clock switches on and off many times a minute (a cycle ends, the bucks
 * reach a price). It is marked aria-disabled rather than disabled, so a keyboard player whose
 * focus is on it (after pressing Start or Buy) keeps the focus there instead of losing it to the
 * page when it turns unavailable.
 */
export function GameButton({ unavailable, onPress, className = 'btn-secondary', children, ...rest }: GameButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`${className} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onPress();
      }}
    >
      {children}
    </button>
  );
}
