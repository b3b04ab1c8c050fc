import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps';

/** DESIGN.md section 7: vote counts go out at most once a second per bet, never per wager. */
const VOTES_EVERY_MS = 1000;

/**
 * Collects the bets that took wagers or parlay legs and publishes one 'bet.votes' event per bet
 * (one INSERT for all of them), then wakes the live readers. The first wager after a quiet
 * second goes out at once; under load the flushes come at most once a second, each covering
 * every bet that changed since the last. Returns the stopper.
 */
export function startVoteCounts(deps: Deps): () => void {
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let lastFlush = -Infinity;
  let stopped = false;
  const flush = () => {
    timer = null;
    if (stopped || pending.size === 0) return;
    lastFlush = Date.now();
    const rows = [...pending].map((betId) => ({ kind: 'bet.votes', payload: { betId: String(betId) } }));
    pending.clear();
    deps.db
      .rows(sql`insert into realtime_events (kind, payload) select kind, payload from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(kind text, payload jsonb)`)
      .then(() => deps.live.changed())
      .catch(() => undefined);
  };
  const schedule = (betId: number) => {
    pending.add(betId);
    if (timer || stopped) return;
    timer = setTimeout(flush, Math.max(0, lastFlush + VOTES_EVERY_MS - Date.now()));
    timer.unref();
  };
  deps.events.on('WagerPlaced', ({ betId }) => schedule(betId));
  deps.events.on('ParlayPlaced', ({ legs }) => legs.forEach((leg) => schedule(leg.betId)));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
