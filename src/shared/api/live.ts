import type { GameLiveEvents } from '../games/index';
import type { NotificationDto } from './notifications';

/**
 * Live events (DESIGN.md section 7): what the server pushes on /api/live. Each says what
 * changed; the client updates or invalidates what it shows. Private events reach only their
 * user; kinds starting with 'admin.' reach only admins. Features add their kinds here, games
 * in their GameDef.live.
 */
export interface LiveEventPayloads extends GameLiveEvents {
  'trade.offered': { tradeId: string };
  'trade.answered': { tradeId: string };
  'trade.canceled': { tradeId: string };
  'trade.finalized': { tradeId: string };
  'bet.created': { betId: string };
  'bet.repriced': { betId: string };
  'bet.closed': { betId: string };
  'bet.settled': { betId: string; outcome: 'finalized' | 'voided' };
  /**
   * What a bet's settlement paid this player: wins (single wagers and the parlays it completed)
   * and refunds (a void), in coins.
   */
  'bet.paid': { betId: string; title: string; won: number; refunded: number };
  /** Vote counts changed; published at most once a second per bet. */
  'bet.votes': { betId: string };
  'admin.log': { logId: string };
  /** Another player sent this player coins (send money only; rewards and refunds do not announce themselves). */
  'coins.received': { transferId: string; from: string; amount: number };
  /** A service this player provides or bought changed hands or state (bought, finalized, accepted, refunded, released). */
  'service.changed': { serviceId: string };
  /** The marketplace changed: a service was listed, edited (its price too) or withdrawn. */
  'service.listed': { serviceId: string };
  /**
   * A community's feed changed: a post or comment was written or removed. Public communities
   * tell every socket; private ones tell their members only.
   */
  'community.feed': { slug: string; postId: string; change: 'post' | 'comment' | 'removed' };
  /** Comments under a community bet were written or removed; told as the community's feed is. */
  'community.betComments': { slug: string; betId: string; change: 'comment' | 'removed' };
  /** A new notification in this player's inbox, with the unread count after it. */
  'notification.new': { notification: NotificationDto; unread: number };
  /** This player marked notifications read (in any tab): the unread count now. */
  'notification.read': { unread: number };
  /** Internal, never sent to a socket: a session (or, with tokenHash null, all of a user's but keepTokenHash) ended. */
  'session.revoked': { tokenHash: string | null; keepTokenHash: string | null };
}

export type LiveEventKind = keyof LiveEventPayloads;

/** What a socket receives: a balance from the ledger, or one of the events above. */
export type LiveMessage =
  | { kind: 'hello'; payload: { userId: string } }
  | { kind: 'balance'; payload: { balance: number } }
  | {
      [K in Exclude<LiveEventKind, 'session.revoked'>]: { kind: K; payload: LiveEventPayloads[K] };
    }[Exclude<LiveEventKind, 'session.revoked'>];

export const LIVE_PATH = '/api/live';
// The ticket route and its reply schema live in liveTicket.ts: the browser imports LIVE_PATH
// from this file, which must stay free of zod.
