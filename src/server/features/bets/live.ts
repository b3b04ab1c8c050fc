import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import type { LiveHub } from '../../platform/realtime/hub';
import { publishLiveFrom, publishPublicLive } from '../../platform/realtime/publish';
import { isPrivateCommunity, privateAudienceOf } from '../communities/public';

/** DESIGN.md section 7: vote counts go out at most once a second per bet, never per wager. */
const VOTES_EVERY_MS = 1000;

/** Each app's vote counter (one per live hub: tests run several apps in one process). */
const counters = new WeakMap<LiveHub, (betIds: readonly number[]) => void>();

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
    const betIds = [...pending];
    pending.clear();
    publishVotes(deps.db, betIds)
      .then(() => deps.live.changed())
      .catch(() => undefined);
  };
  counters.set(deps.live, (betIds) => {
    for (const betId of betIds) pending.add(betId);
    if (timer || stopped) return;
    timer = setTimeout(flush, Math.max(0, lastFlush + VOTES_EVERY_MS - Date.now()));
    timer.unref();
  });
  return () => {
    stopped = true;
    counters.delete(deps.live);
    if (timer) clearTimeout(timer);
  };
}

/**
 * One 'bet.votes' per bet: to every socket, or, for a private community's bet, to its members
 * only (the event names only the bet, but even that is theirs).
 */
async function publishVotes(q: Queryable, betIds: number[]): Promise<void> {
  const hidden = new Set(
    (
      await q.rows<{ id: number }>(sql`
        select id from bets where id in ${betIds} and community_id is not null
          and ${isPrivateCommunity(sql`community_id`)}`)
    ).map((r) => Number(r.id)),
  );
  const open = betIds.filter((id) => !hidden.has(id));
  if (open.length > 0)
    await publishPublicLive(
      q,
      open.map((betId) => ({ kind: 'bet.votes' as const, payload: { betId: String(betId) } })),
    );
  if (hidden.size > 0)
    await publishLiveFrom(
      q,
      'bet.votes',
      sql`select a.user_id, jsonb_build_object('betId', b.id::text) as payload
        from bets b cross join lateral (${privateAudienceOf(sql`b.community_id`)}) a
        where b.id in ${[...hidden]}`,
    );
}

/**
 * A wager or parlay committed on these bets: their vote counts go out with the next flush. A
 * direct call, not a domain event: the wager is the hottest write and gains no outbox row.
 */
export function votesChanged(deps: Deps, betIds: readonly number[]): void {
  counters.get(deps.live)?.(betIds);
}

/**
 * What a settlement paid each player, one row per player: (user_id, bet_id, title, won,
 * refunded), wins of single wagers and of the parlays it completed, and refunds. The wagers and
 * parlays settled by it are those whose settled_at is the bet's (the same transaction's now()).
 */
export const paidBySettlement = (betId: number): SQL => sql`
      with b as (select id, title, settled_at from bets where id = ${betId}),
      paid as (
        select w.user_id, w.status, w.payout from wagers w
        where w.bet_id = ${betId} and w.status in ('won', 'refunded')
        union all
        select p.user_id, p.status, p.payout from parlays p, b
        where p.settled_at = b.settled_at and p.status in ('won', 'refunded') and p.payout > 0
          and p.id in (select parlay_id from parlay_legs where bet_id = ${betId})
      )
      select paid.user_id, b.id as bet_id, b.title,
        coalesce(sum(paid.payout) filter (where paid.status = 'won'), 0)::bigint as won,
        coalesce(sum(paid.payout) filter (where paid.status = 'refunded'), 0)::bigint as refunded
      from paid, b
      group by paid.user_id, b.id, b.title`;

/**
 * BetSettled's listener: tells each player this settlement paid what it paid them, privately
 * ('bet.paid', one per player).
 */
export async function tellPaid(q: Queryable, betId: number): Promise<void> {
  await publishLiveFrom(
    q,
    'bet.paid',
    sql`select user_id, jsonb_build_object('betId', bet_id::text, 'title', title, 'won', won, 'refunded', refunded) as payload
      from (${paidBySettlement(betId)}) x`,
  );
}
