import { useCallback, useEffect, useRef, useState } from 'react';
import { playWinSound } from './beep';
import {
  classifySpin,
  makeMoneyRain,
  SLOT_TOY,
  spinReels,
  type RainDrop,
  type Reels,
  type SpinOutcome,
} from './slotToy';

const RAIN_DROPS = 28;
const FIRST_REELS: Reels = ['🍒', '🍋', '🍀'];

/** Spec section 4 slot toy: re-spins every 5 s; a triple locks the reels for 5 s. */
export function useSlotToy() {
  const [reels, setReels] = useState<Reels>(FIRST_REELS);
  const [outcome, setOutcome] = useState<SpinOutcome | null>(null);
  const [rain, setRain] = useState<RainDrop[] | null>(null);
  const locked = outcome !== null;

  const spin = useCallback(() => {
    const next = spinReels();
    setReels(next);
    const result = classifySpin(next);
    if (result.kind === 'none') return;
    setOutcome(result);
    if (result.kind === 'win') {
      playWinSound();
      setRain(makeMoneyRain(RAIN_DROPS));
    }
  }, []);

  useEffect(() => {
    if (locked) return;
    const interval = setInterval(spin, SLOT_TOY.rotateMs);
    return () => clearInterval(interval);
  }, [locked, spin]);

  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => {
      setOutcome(null);
      setRain(null);
    }, SLOT_TOY.lockMs);
    return () => clearTimeout(timer);
  }, [locked]);

  const spinNow = useCallback(() => {
    if (!locked) spin();
  }, [locked, spin]);

  return { reels, outcome, locked, rain, spinNow };
}

/** Clicking a skull flips the page colours for 10 s; clicking again restarts the 10 s. */
export function useInvertPage() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const restore = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    document.documentElement.style.removeProperty('filter');
  }, []);

  useEffect(() => restore, [restore]);

  return useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    document.documentElement.style.filter = 'invert(1)';
    timer.current = setTimeout(restore, SLOT_TOY.invertMs);
  }, [restore]);
}

export interface GhostPosition {
  leftPercent: number;
  topPercent: number;
}

const GHOST_STEPS = SLOT_TOY.ghostDurationMs / SLOT_TOY.ghostIntervalMs;

function ghostPosition(step: number): GhostPosition {
  const progress = Math.min(1, step / GHOST_STEPS);
  return {
    leftPercent: 5 + progress * 80,
    topPercent: 45 + Math.sin(progress * Math.PI * 4) * 25,
  };
}

/** Spec section 4: the ghost drifts for 5 s, moving every 100 ms, then vanishes. */
export function useGhost() {
  const [step, setStep] = useState<number | null>(null);
  const active = step !== null;

  useEffect(() => {
    if (!active) return;
    const interval = setInterval(
      () => setStep((current) => (current === null ? null : current + 1)),
      SLOT_TOY.ghostIntervalMs,
    );
    const stop = setTimeout(() => setStep(null), SLOT_TOY.ghostDurationMs);
    return () => {
      clearInterval(interval);
      clearTimeout(stop);
    };
  }, [active]);

  const summon = useCallback(() => setStep((current) => current ?? 0), []);

  return { active, position: step === null ? null : ghostPosition(step), summon };
}
