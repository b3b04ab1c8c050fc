import { z } from 'zod';
import { passwordSchema, usernameSchema } from './common';

export type { MessageResponse } from './common';

export const credentialsBody = z.strictObject({ username: usernameSchema, password: passwordSchema });

/** Sign-in only checks presence: a wrong-shaped password is just a wrong password. */
export const loginBody = z.strictObject({
  username: z.string({ error: 'username is required' }).min(1, 'username is required').max(200),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1000),
});

export const deleteAccountBody = z.strictObject({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1000),
});

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];
export const userStatuses = ['active', 'banned'] as const;
export type UserStatus = (typeof userStatuses)[number];

export interface Badge {
  _id: string;
  name: string;
  description: string;
}

export interface InventoryEntry {
  _id: string;
  quantity: number;
  /** Units offered in active trades: neither usable nor tradable elsewhere until the trade closes. */
  locked: number;
  item: {
    _id: string;
    name: string;
    type: 'badge' | 'power-up' | 'cosmetic';
    description: string;
    image: string | null;
    emoji: string | null;
    price: number;
    effect: string | null;
    effectType: string | null;
    effectValue: number | null;
  };
}

/** The cosmetic item a user shows beside their name (the latest bought). */
export interface CosmeticRef {
  emoji: string | null;
  image: string | null;
  name: string;
}

export interface AchievementRef {
  _id: string;
  title: string;
  icon: string | null;
}

/** Counters named after the task goal types and achievement criteria (spec section 3). */
export interface UserCounters {
  betsPlaced: number;
  betsWon: number;
  storePurchases: number;
  logins: number;
  tasksCompleted: number;
  minefieldWins: number;
  puzzleWins: number;
  rpsWins: number;
  frenzyClicks: number;
  casinoWins: number;
  itemsOwned: number;
}

/** The signed-in user's own record: GET /api/user/stats, POST /api/user/update, auth answers. */
export interface UserDto extends UserCounters {
  _id: string;
  userId: string;
  username: string;
  balance: number;
  role: Role;
  status: UserStatus;
  profileImage: string | null;
  achievements: AchievementRef[];
  claimedAchievements: { _id: string }[];
  badges: Badge[];
  inventory: InventoryEntry[];
  cosmetic: CosmeticRef | null;
  currentBets: unknown[];
  createdAt: string;
}

export interface AuthResponse {
  token: string;
  user: UserDto;
}

/** GET /api/user/public/{username}: works without a token. */
export interface PublicUserDto {
  _id: string;
  username: string;
  balance: number;
  role: Role;
  status: UserStatus;
  profileImage: string | null;
  betsWon: number;
  achievements: AchievementRef[];
  badges: Badge[];
  inventory: InventoryEntry[];
  /** Distinct items held. */
  itemsOwned: number;
  cosmetic: CosmeticRef | null;
  createdAt: string;
}

/** GET /api/user/session: when this sign-in ends if the site is not used again. */
export interface SessionInfoDto {
  expiresAt: string;
  idleDays: number;
}
