import { FRENZY_ANIMALS } from '../../../../../shared/games/engine/catalog';
import { Emoji } from '../../../../components/Emoji';
import { FRENZY_TARGET_MS } from '../timing';

export interface Target {
  id: number;
  emoji: (typeof FRENZY_ANIMALS)[number];
  left: number;
  top: number;
  born: number;
}

export function FallingTarget({
  target,
  reducedMotion,
  onCatch,
}: {
  target: Target;
  reducedMotion: boolean;
  onCatch: (target: Target) => void;
}) {
  return (
    <button
      type="button"
      aria-label={`Catch ${target.emoji}`}
      data-testid="frenzy-target"
      className={`absolute -translate-x-1/2 text-4xl leading-none ${reducedMotion ? '' : 'animate-drop'}`}
      style={
        // Clamped so an animal near an edge stays whole on a narrow phone (it is centred on `left`).
        reducedMotion
          ? { left: `clamp(2rem, ${target.left}%, calc(100% - 2rem))`, top: `${target.top}%` }
          : {
              left: `clamp(2rem, ${target.left}%, calc(100% - 2rem))`,
              top: 0,
              animationDuration: `${FRENZY_TARGET_MS}ms`,
            }
      }
      onClick={() => onCatch(target)}
    >
      <Emoji char={target.emoji} />
    </button>
  );
}
