import { useCallback, useEffect, useRef, useState } from 'react';
import type { FrenzyClickResponse } from '../../../../shared/api/frenzy';
import { FRENZY_ANIMALS, FRENZY_HOURLY_LIMIT, FRENZY_SPAWN_MS, FRENZY_TARGET_MS } from '../../../../shared/games/catalog';
import { api, ApiError } from '../../../lib/api';
import { formatCoins } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useAfterCoinsMoved } from '../../../lib/useAfterCoinsMoved';
import { useFrenzyStats } from '../queries';
import { SoundToggle } from '../components/SoundToggle';
import { useGameSound } from '../useGameSound';
import { useReducedMotion } from '../useReducedMotion';

interface Target {
  id: number;
  emoji: (typeof FRENZY_ANIMALS)[number];
  left: number;
  top: number;
  born: number;
}

// Where targets fall and which animal falls are decoration, not a game outcome: Math.random is fine here.
const pick = () => FRENZY_ANIMALS[Math.floor(Math.random() * FRENZY_ANIMALS.length)]!;

export function ClickFrenzyPage() {
  const stats = useFrenzyStats();
  const { user } = useSession();
  const afterCoinsMoved = useAfterCoinsMoved();
  const reducedMotion = useReducedMotion();
  const { playWin } = useGameSound();
  const [targets, setTargets] = useState<Target[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [balance, setBalance] = useState<number | null>(null);
  const [nextHour, setNextHour] = useState<string | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    if (stats.error) console.error('Couldn’t load your click frenzy stats', stats.error);
  }, [stats.error]);

  const total = count ?? stats.data?.frenzyTotal ?? 0;
  const limitReached = total >= FRENZY_HOURLY_LIMIT;
  const resetAt = nextHour ?? stats.data?.nextHour ?? null;

  // A new target every 250 ms; each is gone after 6 s (spec section 9).
  useEffect(() => {
    if (limitReached || !stats.data) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setTargets((list) => [
        ...list.filter((t) => now - t.born < FRENZY_TARGET_MS),
        { id: nextId.current++, emoji: pick(), left: 4 + Math.random() * 88, top: 5 + Math.random() * 80, born: now },
      ]);
    }, FRENZY_SPAWN_MS);
    return () => clearInterval(timer);
  }, [limitReached, stats.data]);

  const onCatch = useCallback(
    async (target: Target) => {
      setTargets((list) => list.filter((t) => t.id !== target.id));
      try {
        const result: FrenzyClickResponse = await api('POST /api/games/click-frenzy', { body: { clicks: 1, emoji: target.emoji } });
        setCount((c) => Math.max(c ?? 0, result.frenzyTotal));
        setBalance(result.balance);
        playWin();
        setNextHour(result.nextHour);
        void afterCoinsMoved();
      } catch (error) {
        // 409: the hour's 100 are used up; 429: faster than 8 a second, that click simply did not count.
        if (error instanceof ApiError && error.status === 409) setCount(FRENZY_HOURLY_LIMIT);
      }
    },
    [afterCoinsMoved, playWin],
  );

  const shownBalance = balance ?? user?.balance ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Click Frenzy</h1>
          <p className="mt-1 text-slate-400">Click the falling animals: a coin each, up to 100 an hour.</p>
        </div>
        <SoundToggle />
        <p className="text-lg font-semibold text-white">
          <span data-testid="frenzy-count">{total} / {FRENZY_HOURLY_LIMIT}</span>
          <span className="ml-3 text-emerald-300" data-testid="frenzy-balance">
            🪙 {formatCoins(shownBalance)}
          </span>
        </p>
      </header>
      <section aria-label="Falling animals" className="relative h-[28rem] overflow-hidden rounded-2xl border border-white/10 bg-slate-900/70">
        {targets.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-label={`Catch ${t.emoji}`}
            data-testid="frenzy-target"
            className={`absolute -translate-x-1/2 text-4xl leading-none ${reducedMotion ? '' : 'animate-fall'}`}
            style={
              // Clamped so an animal near an edge stays whole on a narrow phone (it is centred on `left`).
              reducedMotion
                ? { left: `clamp(2rem, ${t.left}%, calc(100% - 2rem))`, top: `${t.top}%` }
                : { left: `clamp(2rem, ${t.left}%, calc(100% - 2rem))`, top: 0, animationDuration: `${FRENZY_TARGET_MS}ms` }
            }
            onClick={() => void onCatch(t)}
          >
            {t.emoji}
          </button>
        ))}
        {limitReached && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-950/85 p-4 text-center" role="status" data-testid="frenzy-overlay">
            <p className="font-display text-2xl font-bold text-white">Hourly limit reached! Come back later.</p>
            {resetAt && <p className="text-slate-300">The next hour starts at {new Date(resetAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.</p>}
          </div>
        )}
      </section>
    </div>
  );
}
