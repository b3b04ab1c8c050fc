import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface TrainerButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick'> {
  /** Shown and announced as unavailable; the button keeps its focus. */
  unavailable: boolean;
  onPress: () => void;
  children: ReactNode;
}

/**
 * A button that turns on and off while the player uses it (+ runs out of idle energy, a boss
 * comes within reach as levels tick up). It is aria-disabled rather than disabled, so a keyboard
 * player whose focus is on it keeps the focus there instead of losing it to the page.
 */
export function TrainerButton({ unavailable, onPress, className = 'btn-secondary', children, ...rest }: TrainerButtonProps) {
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
