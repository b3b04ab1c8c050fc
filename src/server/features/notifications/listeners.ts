import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { DomainEvents, Listeners } from '../../platform/events';
import type { NotificationKind } from '../../../shared/api/notifications';
import { accountsSql } from '../accounts/public';
import { bettorsOfSettled, paidBySettlement } from '../bets/public';
import { serviceTitleOf } from '../services/public';
import { notify } from './inbox';
import { SANCTION_SCOPES, untilText } from '../../../shared/sanctions';
import { REPORT_ACTIONS, REPORT_TARGET_TYPES } from '../../../shared/reports';

const coins = (n: number) => `${n.toLocaleString('en-US')} coin${n === 1 ? '' : 's'}`;

/** A settlement's notice for each player it paid: what they won, or got back. */
async function betSettled(q: Queryable, betId: number): Promise<void> {
  const rows = await q.rows<{ user_id: number; title: string; won: number; refunded: number }>(
    sql`select user_id, title, won, refunded from (${paidBySettlement(betId)}) x order by user_id`,
  );
  await notify(
    q,
    rows.map((r) => ({
      userId: r.user_id,
      kind: 'bet_settled' as const,
      title: r.won > 0 ? `You won ${coins(Number(r.won))}` : `Stakes returned`,
      body:
        r.won > 0
          ? `"${r.title}" is settled${Number(r.refunded) > 0 ? `, and ${coins(Number(r.refunded))} came back` : ''}.`
          : `"${r.title}" was voided: ${coins(Number(r.refunded))} came back to you.`,
      link: '/bets',
      dedupeKey: `bet:${betId}`,
    })),
  );
}

/** Every player with a wager on a settled community bet hears once how it ended for them. */
async function communityBetSettled(
  q: Queryable,
  e: DomainEvents['CommunityBetSettled'],
): Promise<void> {
  const rows = await q.rows<{ user_id: number; title: string; won: number; refunded: number }>(
    sql`select user_id, title, won, refunded from (${bettorsOfSettled(e.betId)}) x order by user_id`,
  );
  await notify(
    q,
    rows.map((r) => ({
      userId: r.user_id,
      kind: 'community_bet_settled' as const,
      title:
        Number(r.won) > 0
          ? `You won ${coins(Number(r.won))} in ${e.slug}`
          : e.outcome === 'voided'
            ? `Stakes returned in ${e.slug}`
            : `A bet in ${e.slug} is settled`,
      body:
        Number(r.won) > 0
          ? `"${r.title}" is settled: the treasury paid you.`
          : e.outcome === 'voided'
            ? `"${r.title}" was voided: ${coins(Number(r.refunded))} came back to you.`
            : `"${r.title}" is settled; your pick did not win.`,
      link: `/c/${e.slug}/bets/${e.betId}`,
      dedupeKey: `community-bet:${e.betId}`,
    })),
  );
}

async function nameOf(q: Queryable, userId: number): Promise<string> {
  const [row] = await q.rows<{ name: string | null }>(
    sql`select ${accountsSql.usernameOf(userId)} as name`,
  );
  return row?.name ?? 'Someone';
}

type TradeChange = DomainEvents['TradeChanged'];

/** The other party of a trade's change hears of it (both, when a closing account cancelled it). */
async function tradeChanged(q: Queryable, e: TradeChange): Promise<void> {
  const words: Record<TradeChange['change'], (other: string) => string> = {
    offered: (o) => `${o} offers you a trade`,
    accepted: (o) => `${o} answered your trade offer`,
    denied: (o) => `${o} declined your trade offer`,
    finalized: (o) => `${o} completed your trade`,
    cancelled: (o) => `${o} cancelled a trade with you`,
  };
  const parties = [e.fromUserId, e.toUserId].filter((id) => id !== e.byUserId);
  const notices = [];
  for (const userId of parties.sort((a, b) => a - b)) {
    const other = userId === e.fromUserId ? e.toUserId : e.fromUserId;
    notices.push({
      userId,
      kind: `trade_${e.change === 'accepted' || e.change === 'denied' ? 'answered' : e.change}` as const,
      title: words[e.change](await nameOf(q, other)),
      body:
        e.change === 'offered'
          ? 'See what they offer and answer it.'
          : e.change === 'accepted'
            ? 'They added their side: finalize it to swap the items.'
            : 'Open your trades to see it.',
      link: '/dashboard',
      dedupeKey: `trade:${e.tradeId}:${e.change}`,
    });
  }
  await notify(q, notices);
}

type ServiceChange = DomainEvents['ServiceChanged'];

/** The party who did not act hears of a service's step. */
async function serviceChanged(q: Queryable, e: ServiceChange): Promise<void> {
  const [row] = await q.rows<{ title: string | null }>(
    sql`select ${serviceTitleOf(e.serviceId)} as title`,
  );
  const title = row?.title ?? 'a service';
  const toProvider = e.change === 'bought' || e.change === 'accepted' || e.change === 'released';
  const userId = toProvider ? e.providerId : e.buyerId;
  const other = await nameOf(q, toProvider ? e.buyerId : e.providerId);
  const text: Record<ServiceChange['change'], [NotificationKind, string, string]> = {
    bought: [
      'service_bought',
      `${other} bought "${title}"`,
      'The price is held until you deliver and they accept.',
    ],
    finalized: [
      'service_finalized',
      `"${title}" is delivered`,
      `${other} marked it done: accept it to release the payment.`,
    ],
    accepted: [
      'service_accepted',
      `${other} accepted "${title}"`,
      'The payment is in your balance.',
    ],
    released: [
      'service_accepted',
      `Payment for "${title}" released`,
      'Nobody objected in time, so the payment is in your balance.',
    ],
    refunded: ['service_refunded', `"${title}" was refunded`, 'The price came back to the buyer.'],
  };
  const [kind, t, body] = text[e.change];
  await notify(q, [
    {
      userId,
      kind,
      title: t,
      body,
      link: '/services',
      dedupeKey: `service:${e.serviceId}:${e.change}`,
    },
  ]);
}

/** Each player a post mentions: who, where, and the post's link. */
async function mentioned(q: Queryable, e: DomainEvents['Mentioned']): Promise<void> {
  const author = await nameOf(q, e.authorId);
  await notify(
    q,
    [...new Set(e.userIds)]
      .sort((a, b) => a - b)
      .map((userId) => ({
        userId,
        kind: 'mention' as const,
        title: `${author} mentioned you in ${e.slug}`,
        body: 'Open the post to read it and answer.',
        link:
          e.betId === undefined
            ? `/c/${e.slug}#post-${e.postId}`
            : `/c/${e.slug}/bets/${e.betId}#comment-${e.postId}`,
        // A bet's comments are numbered apart from the feed's posts.
        dedupeKey:
          e.betId === undefined ? `mention:${e.postId}` : `mention:bet-comment:${e.postId}`,
      })),
  );
}

type CommunityAct = DomainEvents['CommunityActed'];

/** A moderator's act about a player (approved, promoted, muted...) tells that player. */
async function communityActed(q: Queryable, e: CommunityAct): Promise<void> {
  const until = e.until ? ` until ${new Date(e.until).toUTCString()}` : '';
  const why = e.reason ? `Reason: ${e.reason}` : 'The moderation log has the details.';
  const words: Record<CommunityAct['act'], [string, string]> = {
    approved: [`You are in ${e.slug}`, 'A moderator approved your request to join.'],
    denied: [`Your request to join ${e.slug} was declined`, 'You may ask again later.'],
    promoted: [
      `You are a moderator of ${e.slug}`,
      'You can now approve members and moderate the feed.',
    ],
    demoted: [`You are no longer a moderator of ${e.slug}`, why],
    owner: [`You own ${e.slug} now`, 'Ownership was handed to you.'],
    muted: [`You are muted in ${e.slug}${until}`, why],
    banned: [`You are banned from ${e.slug}${e.until ? until : ' for good'}`, why],
    removed: [`You were removed from ${e.slug}`, why],
  };
  const [title, body] = words[e.act];
  await notify(q, [
    {
      userId: e.userId,
      kind: 'community',
      title,
      body,
      link:
        e.act === 'banned' || e.act === 'removed' || e.act === 'denied'
          ? '/communities'
          : `/c/${e.slug}`,
      // The same act may be repeated (muted twice): each is its own notice. The outbox commits
      // one delivery per event, so the key needs no cause of its own.
      dedupeKey: `community:${e.slug}:${e.act}:${Date.now()}:${e.userId}`,
    },
  ]);
}

/** A challenge to play, or the end of a match, for the player it concerns. */
async function duelChanged(q: Queryable, e: DomainEvents['DuelChanged']): Promise<void> {
  const other = await nameOf(q, e.fromUserId);
  const result = { won: 'You won', lost: 'You lost', draw: 'A draw' } as const;
  await notify(q, [
    e.change === 'challenged'
      ? {
          userId: e.toUserId,
          kind: 'duel_challenge',
          title: `${other} challenges you to ${e.gameName}`,
          body: `For ${coins(e.stake)}: answer before the challenge expires.`,
          link: e.link,
          dedupeKey: `${e.duelKey}:challenged`,
        }
      : {
          userId: e.toUserId,
          kind: 'duel_result',
          title: `${result[e.outcome ?? 'draw']} against ${other}`,
          body: `${e.gameName}, ${coins(e.stake)} each.`,
          link: e.link,
          dedupeKey: `${e.duelKey}:ended`,
        },
  ]);
}

/** The reporter hears what became of their report (not the moderator's note, which is for the record). */
async function reportResolved(q: Queryable, e: DomainEvents['ReportResolved']): Promise<void> {
  const what = REPORT_TARGET_TYPES[e.targetType];
  const label = e.label.length > 60 ? `${e.label.slice(0, 57)}...` : e.label;
  await notify(q, [
    {
      userId: e.reporterId,
      kind: 'report_resolved',
      title: `Your report on the ${what} "${label}" is resolved`,
      body: `${REPORT_ACTIONS[e.action]}. Thank you for reporting it.`,
      link: '/notifications',
      dedupeKey: `report:${e.reportId}`,
    },
  ]);
}

const PLACES = ['1st', '2nd', '3rd'];

/** A season's best members in a community hear where they finished. */
async function seasonEnded(q: Queryable, e: DomainEvents['SeasonEnded']): Promise<void> {
  const week = e.seasonStart.slice(0, 10);
  await notify(
    q,
    [...e.top]
      .sort((a, b) => a.userId - b.userId)
      .map((t) => ({
        userId: t.userId,
        kind: 'season_result' as const,
        title: `You finished ${PLACES[t.rank - 1] ?? `#${t.rank}`} in ${e.name} this season`,
        body: `The week from ${week}: ${coins(t.profit)} profit on its bets, ${t.wins} game${t.wins === 1 ? '' : 's'} won.`,
        link: `/c/${e.slug}/leaderboard`,
        dedupeKey: `season:${e.communityId}:${week}`,
      })),
  );
}

/**
 * What each domain event tells whom (DESIGN.md section 12). Each runs in the event's delivery
 * transaction, so its inbox rows commit exactly once with the event's delivered mark.
 */
export const notificationListeners = (): Listeners => ({
  CoinsSent: (q, e) =>
    notify(q, [
      {
        userId: e.toUserId,
        kind: 'coins_received',
        title: `${e.from} sent you ${coins(e.amount)}`,
        body: 'They are in your balance now.',
        link: '/dashboard',
        dedupeKey: `transfer:${e.transferId}`,
      },
    ]).then(() => undefined),
  BetSettled: (q, e) => betSettled(q, e.betId),
  TradeChanged: tradeChanged,
  ServiceChanged: serviceChanged,
  Mentioned: mentioned,
  CommunityBetSettled: communityBetSettled,
  CommunityActed: communityActed,
  DuelChanged: duelChanged,
  ReportResolved: reportResolved,
  SeasonEnded: seasonEnded,
  BalanceAdjusted: (q, e) =>
    notify(q, [
      {
        userId: e.userId,
        kind: 'admin_grant',
        title:
          e.delta > 0 ? `An admin added ${coins(e.delta)}` : `An admin took ${coins(-e.delta)}`,
        body: 'Your statement shows the change.',
        link: '/dashboard',
        dedupeKey: `admin:${e.logId}`,
      },
    ]).then(() => undefined),
  SanctionChanged: (q, e) => {
    const what = SANCTION_SCOPES[e.scope].covers;
    const words = {
      imposed: {
        title:
          e.scope === 'all'
            ? `Your account is suspended ${untilText(e.endsAt)}`
            : `You may not use ${what} ${untilText(e.endsAt)}`,
        body: `Reason: ${e.reason}. You may appeal once.`,
      },
      lifted: { title: 'A sanction on your account was lifted', body: `It was: ${e.reason}` },
      appeal_upheld: {
        title: 'Your appeal was turned down',
        body: `The admin's reply: ${e.reply ?? ''}`,
      },
      appeal_lifted: {
        title: 'Your appeal was granted: the sanction is lifted',
        body: `The admin's reply: ${e.reply ?? ''}`,
      },
    }[e.change];
    return notify(q, [
      {
        userId: e.userId,
        kind: 'security',
        ...words,
        link: '/sanctions',
        dedupeKey: `sanction:${e.sanctionId}:${e.change}`,
      },
    ]).then(() => undefined);
  },
  AchievementReached: (q, e) =>
    notify(q, [
      {
        userId: e.userId,
        kind: 'achievement_claimable',
        title: `${e.icon} "${e.title}" can be claimed`,
        body: 'You reached it: claim its reward on the achievements page.',
        link: '/achievements',
        dedupeKey: `achievement:${e.achievementId}`,
      },
    ]).then(() => undefined),
});
