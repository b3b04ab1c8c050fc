import type { PublicUserDto, UserDto } from '../../../shared/api/accounts';
import { profileCounters, type UserStats } from '../../platform/stats';
import type { VisibleUserRow } from './queries';

/** What the user views show of the users row. */
export type ShownUserRow = Pick<
  VisibleUserRow,
  | 'id'
  | 'username'
  | 'balance'
  | 'role'
  | 'status'
  | 'profileImage'
  | 'betsPlaced'
  | 'betsWon'
  | 'createdAt'
>;

/** Later features (store, achievements, bets) fill these collections; until then they are empty. */
export interface UserCollections {
  achievements: UserDto['achievements'];
  badges: UserDto['badges'];
  inventory: UserDto['inventory'];
  /** Distinct items held (DESIGN.md section 6, achievements). */
  itemsOwned: number;
  cosmetic: UserDto['cosmetic'];
  cosmeticChoice: UserDto['cosmeticChoice'];
  homeCommunity: UserDto['homeCommunity'];
  currentBets: UserDto['currentBets'];
}

export const noCollections = (): UserCollections => ({
  achievements: [],
  badges: [],
  inventory: [],
  itemsOwned: 0,
  cosmetic: null,
  cosmeticChoice: null,
  homeCommunity: null,
  currentBets: [],
});

/**
 * The user's own record: the users row (balance, bets placed and won), the user's counters
 * and logins (platform/stats.ts), and the collections later features own (userView.ts).
 */
export function presentUser(
  row: ShownUserRow,
  stats: UserStats,
  collections: UserCollections = noCollections(),
): UserDto {
  const id = String(row.id);
  return {
    _id: id,
    userId: id,
    username: row.username,
    balance: row.balance,
    role: row.role,
    status: row.status,
    profileImage: row.profileImage,
    betsPlaced: row.betsPlaced,
    betsWon: row.betsWon,
    ...profileCounters(stats),
    itemsOwned: collections.itemsOwned,
    achievements: collections.achievements,
    claimedAchievements: collections.achievements.map((a) => ({ _id: a._id })),
    badges: collections.badges,
    inventory: collections.inventory,
    cosmetic: collections.cosmetic,
    cosmeticChoice: collections.cosmeticChoice,
    homeCommunity: collections.homeCommunity,
    currentBets: collections.currentBets,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentPublicUser(
  row: ShownUserRow,
  collections: UserCollections = noCollections(),
): PublicUserDto {
  return {
    _id: String(row.id),
    username: row.username,
    balance: row.balance,
    role: row.role,
    status: row.status,
    profileImage: row.profileImage,
    betsWon: row.betsWon,
    achievements: collections.achievements,
    badges: collections.badges,
    inventory: collections.inventory,
    itemsOwned: collections.itemsOwned,
    cosmetic: collections.cosmetic,
    homeCommunity: collections.homeCommunity,
    createdAt: row.createdAt.toISOString(),
  };
}
