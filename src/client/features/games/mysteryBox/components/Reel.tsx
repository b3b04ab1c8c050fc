import { useEffect, useLayoutEffect, useRef } from 'react';
import { EmojiText } from '../../../../components/Emoji';

/** Cell width in px: Tailwind's w-16. */
const CELL_PX = 64;
/** The cell under the marker before the spin. */
const START = 2;
/** The strip starts at the middle of the window (left-1/2): this centres cell `i` under the marker. */
const offset = (i: number) => `translateX(${-(i * CELL_PX + CELL_PX / 2)}px)`;

interface ReelProps {
  cells: readonly string[];
  /** The index of the server's drop in `cells`. */
  stop: number;
  durationMs: number;
  /** Lands at once (Show all), or stays landed after the spin. */
  stopped: boolean;
  onStop: () => void;
}

/**
 * A horizontal strip of collectibles that slides and slows to a halt with the server's drop under
 * the marker. Decoration only (hidden from screen readers): the drop is announced in words when
 * it lands, and reduced motion shows no reel at all.
 */
export function Reel({ cells, stop, durationMs, stopped, onStop }: ReelProps) {
  const strip = useRef<HTMLDivElement>(null);
  const latestOnStop = useRef(onStop);
  useEffect(() => {
    latestOnStop.current = onStop;
  });

  useLayoutEffect(() => {
    const el = strip.current;
    if (!el || stopped) return;
    const animation = el.animate([{ transform: offset(START) }, { transform: offset(stop) }], {
      duration: durationMs,
      easing: 'cubic-bezier(0.12, 0.8, 0.2, 1)',
      fill: 'forwards',
    });
    // Cancelled (Show all, or the page left) rejects: nothing to land then.
    animation.finished.then(
      () => latestOnStop.current(),
      () => undefined,
    );
    return () => animation.cancel();
  }, [stop, durationMs, stopped]);

  return (
    <div
      aria-hidden="true"
      className="relative h-16 overflow-hidden rounded-xl border border-white/10 bg-slate-950/70"
      data-testid="box-reel"
      data-state={stopped ? 'stopped' : 'spinning'}
    >
      <div
        ref={strip}
        className="absolute top-0 left-1/2 flex h-full"
        style={{ transform: offset(stopped ? stop : START) }}
      >
        {cells.map((emoji, i) => (
          <span
            key={i}
            className="flex h-full w-16 shrink-0 items-center justify-center text-3xl"
            data-stop={i === stop ? 'true' : undefined}
          >
            <EmojiText text={emoji} />
          </span>
        ))}
      </div>
      <div className="pointer-events-none absolute inset-y-1 left-1/2 w-16 -translate-x-1/2 rounded-lg border-2 border-amber-300 shadow-[0_0_12px] shadow-amber-300/40" />
      <div className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r from-slate-950 to-transparent" />
      <div className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-linear-to-l from-slate-950 to-transparent" />
    </div>
  );
}
