import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface SteadyButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'disabled' | 'onClick'
> {
  /** Shown and announced as unavailable; the button keeps its focus. */
  unavailable: boolean;
  onPress: () => void;
  children: ReactNode;
}

/**
 * A button that a game's clock switches on and off while the player uses it (a tycoon cycle ends
 * or the bucks reach a price; idle energy runs out or a boss comes within reach). It is marked
 * aria-disabled rather than disabled, so a keyboard player whose focus is on it keeps the focus
 * there instead of losing it to the page when it turns unavailable.
 */
export function SteadyButton({
  unavailable,
  onPress,
  className = 'btn-secondary',
  children,
  ...rest
}: SteadyButtonProps) {
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
