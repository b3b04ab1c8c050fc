import type { PublicUserDto, UserDto } from '../../../shared/api/accounts';
import type { UserRow } from './queries';

/** Later features (store, achievements, bets) fill these collections; until then they are empty. */
export interface UserCollections {
  achievements: UserDto['achievements'];
  badges: UserDto['badges'];
  inventory: UserDto['inventory'];
  currentBets: UserDto['currentBets'];
}

export const emptyCollections = (): UserCollections => ({ achievements: [], badges: [], inventory: [], currentBets: [] });

export function presentUser(row: UserRow, collections: UserCollections = emptyCollections()): UserDto {
  const id = String(row.id);
  return {
    _id: id,
    userId: id,
    username: row.username,
    balance: row.balance,
    role: row.role === 'admin' ? 'admin' : 'user',
    status: row.status === 'banned' ? 'banned' : 'active',
    profileImage: row.profileImage,
    betsPlaced: row.betsPlaced,
    betsWon: row.betsWon,
    storePurchases: row.storePurchases,
    logins: row.logins,
    tasksCompleted: row.tasksCompleted,
    minefieldWins: row.minefieldWins,
    puzzleWins: row.puzzleWins,
    rpsWins: row.rpsWins,
    frenzyClicks: row.frenzyClicks,
    casinoWins: row.casinoWins,
    itemsOwned: collections.inventory.reduce((n, e) => n + e.quantity, 0),
    achievements: collections.achievements,
    claimedAchievements: collections.achievements.map((a) => ({ _id: a._id })),
    badges: collections.badges,
    inventory: collections.inventory,
    currentBets: collections.currentBets,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentPublicUser(row: UserRow, collections: UserCollections = emptyCollections()): PublicUserDto {
  return {
    _id: String(row.id),
    username: row.username,
    balance: row.balance,
    role: row.role === 'admin' ? 'admin' : 'user',
    status: row.status === 'banned' ? 'banned' : 'active',
    profileImage: row.profileImage,
    betsWon: row.betsWon,
    achievements: collections.achievements,
    badges: collections.badges,
    inventory: collections.inventory,
    createdAt: row.createdAt.toISOString(),
  };
}
