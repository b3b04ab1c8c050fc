import { useState } from 'react';
import type { SpinnerTableDto } from '../../../../../shared/games/spinner/contract';
import { formatCoins } from '../../../../lib/format';
import { formatPercent, slicesOf } from '../spinnerMath';

const COLOURS = [
  '#f59e0b',
  '#10b981',
  '#6366f1',
  '#ec4899',
  '#06b6d4',
  '#ef4444',
  '#84cc16',
  '#a855f7',
];
const R = 100;

function point(angle: number, radius = R): [number, number] {
  // 0 degrees is the top (the pointer), clockwise.
  const rad = ((angle - 90) * Math.PI) / 180;
  return [R + radius * Math.cos(rad), R + radius * Math.sin(rad)];
}

function slicePath(start: number, end: number): string {
  if (end - start >= 359.999) return `M ${R} 0 A ${R} ${R} 0 1 1 ${R - 0.01} 0 Z`;
  const [x1, y1] = point(start);
  const [x2, y2] = point(end);
  return `M ${R} ${R} L ${x1} ${y1} A ${R} ${R} 0 ${end - start > 180 ? 1 : 0} 1 ${x2} ${y2} Z`;
}

interface WheelProps {
  id: string;
  title: string;
  table: SpinnerTableDto;
  rotation: number;
  /** 0 skips the animation (reduced motion). */
  durationMs: number;
}

/** The wheel: slices by weight, a pointer on top; hovering a slice shows its reward and chance. */
export function Wheel({ id, title, table, rotation, durationMs }: WheelProps) {
  const slices = slicesOf(table);
  const [hovered, setHovered] = useState<number | null>(null);
  const hoveredSlice = hovered === null ? null : slices[hovered];
  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative w-full max-w-[15rem]">
        <svg
          viewBox="0 0 200 200"
          role="img"
          aria-label={`${title} wheel with ${slices.length} slices`}
          data-testid={`wheel-${id}`}
          data-rotation={rotation}
          className="block w-full"
          style={{
            transform: `rotate(${rotation}deg)`,
            transition:
              durationMs > 0
                ? `transform ${durationMs}ms cubic-bezier(0.15, 0.85, 0.25, 1)`
                : 'none',
          }}
        >
          {slices.map((slice) => {
            const [tx, ty] = point((slice.start + slice.end) / 2, R * 0.66);
            return (
              <g key={slice.index}>
                <path
                  d={slicePath(slice.start, slice.end)}
                  fill={COLOURS[slice.index % COLOURS.length]}
                  stroke="#0f172a"
                  strokeWidth="1.5"
                  data-testid={`slice-${id}-${slice.index}`}
                  onMouseEnter={() => setHovered(slice.index)}
                  onMouseLeave={() => setHovered((h) => (h === slice.index ? null : h))}
                >
                  <title>{`${formatCoins(slice.reward)} coins · ${formatPercent(slice.probability)}`}</title>
                </path>
                {slice.end - slice.start >= 14 && (
                  <text
                    x={tx}
                    y={ty}
                    textAnchor="middle"
                    dominantBaseline="middle"
                    fontSize="11"
                    fontWeight="700"
                    fill="#0f172a"
                    pointerEvents="none"
                  >
                    {formatCoins(slice.reward)}
                  </text>
                )}
              </g>
            );
          })}
          <circle cx={R} cy={R} r="10" fill="#0f172a" stroke="#fbbf24" strokeWidth="2" />
        </svg>
        <div
          aria-hidden="true"
          className="absolute -top-1 left-1/2 -translate-x-1/2 text-2xl leading-none text-amber-300 drop-shadow"
        >
          ▼
        </div>
      </div>
      <p className="min-h-5 text-sm text-slate-300" data-testid={`hover-${id}`} aria-live="polite">
        {hoveredSlice
          ? `${formatCoins(hoveredSlice.reward)} coins · ${formatPercent(hoveredSlice.probability)}`
          : ' '}
      </p>
    </div>
  );
}
