import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActiveBuffs, storeKeys } from '../queries';
import { formatRemaining } from '../time';
import { Zap } from 'lucide-react';
import { EmojiText } from '../../../components/Emoji';

/** A clock ticking every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Spec section 2, dashboard: shown only while a buff runs. Time left counts down from the
 * server's clock (its `now` plus the time since the answer arrived), so a wrong local clock
 * does not shift it.
 */
export function ActiveBuffs() {
  const ids = useId();
  const { data } = useActiveBuffs();
  const queryClient = useQueryClient();
  const now = useNow();
  // The ticking clock may lag the answer by up to a second; time never runs backwards from it.
  const serverNow = data ? new Date(data.now).getTime() + Math.max(0, now - data.fetchedAt) : 0;
  const running = (data?.buffs ?? [])
    .map((buff) => ({ buff, left: new Date(buff.expiresAt).getTime() - serverNow }))
    .filter((b) => b.left > 0);
  const ended = data !== undefined && running.length < data.buffs.length;

  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: storeKeys.all });
  }, [ended, queryClient]);

  if (running.length === 0) return null;
  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="card border-emerald-400/30"
      data-testid="active-buffs"
    >
      <h2 id={`${ids}-heading`} className="section-title mb-4">
        <Zap className="mr-1.5" />
        Active Buffs
      </h2>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {running.map(({ buff, left }) => (
          <li
            key={buff._id}
            data-testid="active-buff"
            className="flex items-center gap-3 rounded-xl border border-emerald-400/30 bg-emerald-400/10 p-3"
          >
            <span aria-hidden="true" className="text-2xl">
              <EmojiText text={buff.emoji || '📦'} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="wrap-anywhere font-semibold text-white">{buff.name}</p>
              <p className="text-sm text-emerald-200">{buff.label}</p>
            </div>
            <span
              className="shrink-0 font-mono text-lg text-amber-200"
              data-testid="buff-time-left"
            >
              <span className="sr-only">Time left </span>
              {formatRemaining(left)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
