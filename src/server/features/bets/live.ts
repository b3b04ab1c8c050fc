import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps';

/** DESIGN.md section 7: vote counts go out at most once a second per bet, never per wager. */
export const VOTES_EVERY_MS = 1000;

/**
 * Collects the bets that took wagers or parlay legs and publishes one 'bet.votes' event per bet
 * per second (one INSERT for all of them), then wakes the live readers. Returns the stopper.
 */
export function startVoteCounts(deps: Deps): () => void {
  const pending = new Set<number>();
  deps.events.on('WagerPlaced', ({ betId }) => void pending.add(betId));
  deps.events.on('ParlayPlaced', ({ legs }) => legs.forEach((leg) => pending.add(leg.betId)));
  const timer = setInterval(() => {
    if (pending.size === 0) return;
    const rows = [...pending].map((betId) => ({ kind: 'bet.votes', payload: { betId: String(betId) } }));
    pending.clear();
    deps.db
      .rows(sql`insert into realtime_events (kind, payload) select kind, payload from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(kind text, payload jsonb)`)
      .then(() => deps.live.changed())
      .catch(() => undefined);
  }, VOTES_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
