import { z } from 'zod';
import { defineRoutes } from './contract';
import { homeCommunityRef } from './communities';
import { messageResponse, passwordSchema, usernameParams, usernameSchema } from './common';
import { GAME_COUNTER_KEYS, type GameCounterKey } from '../games/index';

const registerBody = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  /** Needed when REGISTRATION_MODE is invite (GET /api/config says so); ignored otherwise. */
  inviteCode: z
    .string({ error: 'inviteCode must be text' })
    .trim()
    .max(64, 'inviteCode must be at most 64 characters')
    .optional(),
});

/** Sign-in only checks presence: a wrong-shaped password is just a wrong password. */
const loginBody = z.strictObject({
  username: z.string({ error: 'username is required' }).min(1, 'username is required').max(200),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1000),
  /**
   * With two-factor sign-in on: the authenticator's code or a recovery code (without it the
   * answer is 401 TOTP_REQUIRED, and the form asks for it).
   */
  code: z
    .string({ error: 'code must be a string' })
    .max(100, 'code must be at most 100 characters')
    .optional(),
});

const deleteAccountBody = z.strictObject({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1000),
});

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];
export const userStatuses = ['active', 'banned'] as const;
export type UserStatus = (typeof userStatuses)[number];

const badge = z.object({ _id: z.string(), name: z.string(), description: z.string() });
export type Badge = z.infer<typeof badge>;

export const inventoryEntry = z.object({
  _id: z.string(),
  quantity: z.number(),
  /** Units offered in active trades: neither usable nor tradable elsewhere until the trade closes. */
  locked: z.number(),
  item: z.object({
    _id: z.string(),
    name: z.string(),
    type: z.enum(['badge', 'power-up', 'cosmetic']),
    description: z.string(),
    image: z.string().nullable(),
    emoji: z.string().nullable(),
    price: z.number(),
    effect: z.string().nullable(),
    effectType: z.string().nullable(),
    effectValue: z.number().nullable(),
    /** A mystery-box collectible's sell-back value (POST /api/games/mystery-box/sell); null for anything else. */
    sellBack: z.number().nullable(),
  }),
});
export type InventoryEntry = z.infer<typeof inventoryEntry>;

/**
 * The cosmetic item a user shows beside their name: the one they chose (PUT /api/user/cosmetic),
 * otherwise a store cosmetic before a mystery-box collectible, then the newest.
 */
export const cosmeticRef = z.object({
  emoji: z.string().nullable(),
  image: z.string().nullable(),
  name: z.string(),
});
export type CosmeticRef = z.infer<typeof cosmeticRef>;

const achievementRef = z.object({
  _id: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
});
export type AchievementRef = z.infer<typeof achievementRef>;

/** Counters named after the task goal types and achievement criteria (spec section 3). */
const userCounters = z.object({
  betsPlaced: z.number(),
  betsWon: z.number(),
  storePurchases: z.number(),
  logins: z.number(),
  tasksCompleted: z.number(),
  // Each game's counters (GameDef.counters).
  ...(Object.fromEntries(GAME_COUNTER_KEYS.map((k) => [k, z.number()])) as Record<
    GameCounterKey,
    z.ZodNumber
  >),
  itemsOwned: z.number(),
});

/** The signed-in user's own record: GET /api/user/stats, POST /api/user/update, auth answers. */
const userDto = userCounters.extend({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  balance: z.number(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  profileImage: z.string().nullable(),
  achievements: z.array(achievementRef),
  claimedAchievements: z.array(z.object({ _id: z.string() })),
  badges: z.array(badge),
  inventory: z.array(inventoryEntry),
  cosmetic: cosmeticRef.nullable(),
  /** The item id chosen to show beside the name (while held); null when the default applies. */
  cosmeticChoice: z.string().nullable(),
  /** The public community picked as home (PUT /api/user/home-community). */
  homeCommunity: homeCommunityRef.nullable(),
  currentBets: z.array(z.unknown()),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

export const authResponse = z.object({ token: z.string(), user: userDto });
export type AuthResponse = z.infer<typeof authResponse>;

/**
 * Registration's answer under REGISTRATION_MODE=approval: the account waits for an admin, so
 * there is no session yet; signing in says it is waiting until then.
 */
const pendingRegistration = z.object({ pending: z.literal(true), message: z.string() });
export type PendingRegistration = z.infer<typeof pendingRegistration>;
/** Registration's answer also carries the account's recovery codes, shown this once. */
const registerResponse = authResponse.extend({ recoveryCodes: z.array(z.string()) });
export type RegisterResponse = z.infer<typeof registerResponse>;

/** GET /api/user/public/{username}: works without a token. */
const publicUserDto = z.object({
  _id: z.string(),
  username: z.string(),
  balance: z.number(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  profileImage: z.string().nullable(),
  betsWon: z.number(),
  achievements: z.array(achievementRef),
  badges: z.array(badge),
  inventory: z.array(inventoryEntry),
  /** Distinct items held. */
  itemsOwned: z.number(),
  cosmetic: cosmeticRef.nullable(),
  homeCommunity: homeCommunityRef.nullable(),
  createdAt: z.string(),
});
export type PublicUserDto = z.infer<typeof publicUserDto>;

/** GET /api/user/session: when this sign-in ends if the site is not used again. */
const sessionInfoDto = z.object({ expiresAt: z.string(), idleDays: z.number() });

export const accountsRoutes = defineRoutes({
  'POST /auth/register': {
    auth: 'public',
    summary:
      'Create an account (1,000 starting coins) and sign in, with ten recovery codes shown once; under REGISTRATION_MODE=approval the account waits for an admin instead ({ pending: true, message }, no session, no codes yet)',
    body: registerBody,
    reply: z.union([registerResponse, pendingRegistration]),
    status: 201,
    rateLimit: 'auth',
  },
  'POST /auth/login': {
    auth: 'public',
    summary: 'Sign in (with two-factor on, also `code`: a TOTP or recovery code)',
    body: loginBody,
    reply: authResponse,
    rateLimit: 'auth',
  },
  'POST /auth/logout': { auth: 'user', summary: 'Revoke this session', reply: messageResponse },
  'GET /api/user/stats': {
    auth: 'user',
    summary: 'The signed-in user with counters and collections',
    reply: userDto,
  },
  'GET /api/user/session': {
    auth: 'user',
    summary: 'When this sign-in ends if unused (sliding, 30 days)',
    reply: sessionInfoDto,
  },
  'POST /api/user/update': {
    auth: 'user',
    summary: 'Change username, password or picture (multipart: username, password, image)',
    multipart: true,
    reply: userDto,
  },
  'DELETE /api/user': {
    auth: 'user',
    summary: 'Delete the account (needs the password)',
    body: deleteAccountBody,
    reply: messageResponse,
  },
  'GET /api/user/public/:username': {
    auth: 'public',
    summary: 'A public profile',
    params: usernameParams,
    reply: publicUserDto,
  },
});
