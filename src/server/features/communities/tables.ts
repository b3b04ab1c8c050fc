import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  communityJoinPolicies,
  communityRoles,
  communityVisibilities,
  modActions,
} from '../../../shared/api/communities';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';
import { ledgerAccounts } from '../wallet/public';

/**
 * Communities (DESIGN.md section 11). `members` and `posts` are kept counts, written in the
 * statement that adds or removes a row, so the directory sorts by them without counting.
 */
export const communities = pgTable(
  'communities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull(),
    rules: text('rules').notNull().default(''),
    visibility: text('visibility', { enum: communityVisibilities }).notNull(),
    joinPolicy: text('join_policy', { enum: communityJoinPolicies }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    treasuryAccountId: bigint('treasury_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    members: integer('members').notNull().default(0),
    posts: integer('posts').notNull().default(0),
    /**
     * Members who posted in the last 7 days, the directory's default order: raised by the post
     * that makes a member active, recounted by a sweep as members fall out of the week.
     */
    activeMembers7d: integer('active_members_7d').notNull().default(0),
    /** Raised by every change of the feed (a post, a comment, a removal): feed pages cached under it. */
    feedVersion: integer('feed_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A post, comment or join: the directory's "active" and its 30-day cut read it. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** Closed when its owner left the site with no moderator to take over; then it is gone. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('communities_slug_idx').on(t.slug),
    // The directory's sorts, public and open ones only (private ones are listed per member).
    index('communities_members_idx')
      .on(t.members, t.id)
      .where(sql`${t.closedAt} is null`),
    index('communities_active_idx')
      .on(t.activeMembers7d, t.id)
      .where(sql`${t.closedAt} is null`),
    // Search by any part of the name or slug (LIKE '%q%'): trigrams, from pg_trgm (see migration 0041).
    index('communities_search_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`, sql`${t.slug} gin_trgm_ops`)
      .where(sql`${t.closedAt} is null`),
    index('communities_last_active_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.closedAt} is null`),
    check('communities_visibility_known', oneOf(t.visibility, communityVisibilities)),
    check('communities_join_policy_known', oneOf(t.joinPolicy, communityJoinPolicies)),
    check('communities_counts_non_negative', sql`${t.members} >= 0 and ${t.posts} >= 0`),
  ],
);

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: communityRoles }).notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    /** When this member last posted or commented: the directory's active-members count. */
    lastPostAt: timestamp('last_post_at', { withTimezone: true }),
    /** The posting rate limit: a window's start and the posts in it (one conditional UPDATE). */
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowPosts: integer('window_posts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId),
    index('community_members_since_idx').on(t.communityId, t.since, t.userId),
    index('community_members_active_idx').on(t.communityId, t.lastPostAt),
    check('community_members_role_known', oneOf(t.role, communityRoles)),
  ],
);

/** Members banned from a community: they cannot rejoin until `until` (never, when null). */
export const communityBans = pgTable(
  'community_bans',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    until: timestamp('until', { withTimezone: true }),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);

export const communityRequests = pgTable(
  'community_requests',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);

export const communityInvites = pgTable(
  'community_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    code: text('code').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_invites_code_idx').on(t.code),
    index('community_invites_community_idx').on(t.communityId, t.expiresAt),
    check('community_invites_uses', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

/**
 * Posts and their comments (a comment names its post). Removed ones keep their row, so a
 * moderation log entry can point at them, and leave the feed.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    postId: bigint('post_id', { mode: 'number' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** Ids of the site's users the body @mentions, as written (DESIGN.md section 12 notifies them). */
    mentions: bigint('mentions', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    comments: integer('comments').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('community_posts_feed_idx')
      .on(t.communityId, t.id)
      .where(sql`${t.postId} is null and ${t.removedAt} is null`),
    index('community_posts_comments_idx')
      .on(t.postId, t.id)
      .where(sql`${t.postId} is not null and ${t.removedAt} is null`),
    index('community_posts_author_idx').on(t.authorId),
  ],
);

/** Every moderator act, which members can read. */
export const communityModlog = pgTable(
  'community_modlog',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: modActions }).notNull(),
    targetUserId: bigint('target_user_id', { mode: 'number' }).references(() => users.id),
    targetPostId: bigint('target_post_id', { mode: 'number' }),
    reason: text('reason'),
    until: timestamp('until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('community_modlog_community_idx').on(t.communityId, t.id),
    check('community_modlog_action_known', oneOf(t.action, modActions)),
  ],
);

/** What each player gave the treasury (the founding fee too): a closing community refunds pro rata. */
export const communityDonors = pgTable(
  'community_donors',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);

/** A player's home community, shown beside the name (one per player). */
export const communityHomes = pgTable('community_homes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  communityId: bigint('community_id', { mode: 'number' })
    .notNull()
    .references(() => communities.id),
});

/**
 * A community's table of a finished season, recorded once by the sweep that closed the season:
 * `standings` is [{ u: user id, p: profit, w: wins }] of every member with either, so a late
 * reader sees the week as it ended, whatever members did since.
 */
export const communitySeasons = pgTable(
  'community_seasons',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id),
    /** Monday 00:00 UTC. */
    seasonStart: timestamp('season_start', { withTimezone: true }).notNull(),
    standings: jsonb('standings').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.seasonStart] })],
);

/**
 * One row per closed season: the communities ranked by profit per active member, as
 * [{ c: community id, a: active members, p: profit }] best first. Its insert is the season's
 * close: the sweep that inserts it writes the tables and the notices in the same transaction,
 * and any other finds it there and stops.
 */
export const communitySeasonRankings = pgTable('community_season_rankings', {
  seasonStart: timestamp('season_start', { withTimezone: true }).primaryKey(),
  ranking: jsonb('ranking').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});
