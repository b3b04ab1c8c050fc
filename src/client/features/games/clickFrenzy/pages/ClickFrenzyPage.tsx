import { useCallback, useEffect, useRef, useState } from 'react';
import { FRENZY_ANIMALS, FRENZY_HOURLY_LIMIT } from '../../../../../shared/games/engine/catalog';
import { ApiError } from '../../../../lib/api';
import { formatCoins } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { SoundToggle } from '../../components/public';
import { useGameSound } from '../../public';
import { useReducedMotion } from '../../public';
import { FallingTarget, type Target } from '../components/FallingTarget';
import { HourlyLimitOverlay } from '../components/HourlyLimitOverlay';
import { useFrenzyClickMutation } from '../mutations';
import { useFrenzyStats } from '../queries';
import { FRENZY_SPAWN_MS, FRENZY_TARGET_MS } from '../timing';
import { Emoji } from '../../../../components/Emoji';

// Where targets fall and which animal falls are decoration, not a game outcome: Math.random is fine here.
const pick = () => FRENZY_ANIMALS[Math.floor(Math.random() * FRENZY_ANIMALS.length)]!;

export function ClickFrenzyPage() {
  const stats = useFrenzyStats();
  const { user } = useSession();
  const { mutateAsync: click } = useFrenzyClickMutation();
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
        {
          id: nextId.current++,
          emoji: pick(),
          left: 4 + Math.random() * 88,
          top: 5 + Math.random() * 80,
          born: now,
        },
      ]);
    }, FRENZY_SPAWN_MS);
    return () => clearInterval(timer);
  }, [limitReached, stats.data]);

  const onCatch = useCallback(
    async (target: Target) => {
      setTargets((list) => list.filter((t) => t.id !== target.id));
      try {
        const result = await click(target.emoji);
        setCount((c) => Math.max(c ?? 0, result.frenzyTotal));
        setBalance(result.balance);
        playWin();
        setNextHour(result.nextHour);
      } catch (error) {
        // 409: the hour's 100 are used up; 429: faster than 8 a second, that click simply did not count.
        if (error instanceof ApiError && error.status === 409) setCount(FRENZY_HOURLY_LIMIT);
      }
    },
    [click, playWin],
  );

  const shownBalance = balance ?? user?.balance ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            Click Frenzy
          </h1>
          <p className="mt-1 text-slate-400">
            Click the falling animals: a coin each, up to 100 an hour.
          </p>
        </div>
        <SoundToggle />
        <p className="text-lg font-semibold text-white">
          <span data-testid="frenzy-count">
            {total} / {FRENZY_HOURLY_LIMIT}
          </span>
          <span className="ml-3 text-emerald-300" data-testid="frenzy-balance">
            <Emoji char="🪙" /> {formatCoins(shownBalance)}
          </span>
        </p>
      </header>
      <section
        aria-label="Falling animals"
        className="relative h-[28rem] overflow-hidden rounded-2xl border border-white/10 bg-slate-900/70"
      >
        {targets.map((t) => (
          <FallingTarget
            key={t.id}
            target={t}
            reducedMotion={reducedMotion}
            onCatch={(caught) => void onCatch(caught)}
          />
        ))}
        {limitReached && <HourlyLimitOverlay resetAt={resetAt} />}
      </section>
    </div>
  );
}
