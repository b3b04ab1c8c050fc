import { z } from 'zod';
import { defineRoutes } from './contract';
import { roles, userStatuses } from './accounts';
import { MAX_COIN_AMOUNT, PAGE_SIZE, pageQuery, usernameParams } from './common';

/** Positive adds funds, negative removes them (never below zero). */
const adminBalanceBody = z.strictObject({
  amount: z
    .number({ error: 'amount must be a number' })
    .int('amount must be a whole number of coins')
    .min(-MAX_COIN_AMOUNT, `amount must be at least -${MAX_COIN_AMOUNT}`)
    .max(MAX_COIN_AMOUNT, `amount must be at most ${MAX_COIN_AMOUNT}`)
    .refine((n) => n !== 0, 'amount must not be zero'),
});

const adminStatusBody = z.strictObject({
  status: z.enum(['active', 'banned'], { error: 'status must be active or banned' }),
});

const adminUserDto = z.object({
  _id: z.string(),
  username: z.string(),
  balance: z.number(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  createdAt: z.string(),
});
export type AdminUserDto = z.infer<typeof adminUserDto>;

const adminLogDto = z.object({
  _id: z.string(),
  timestamp: z.string(),
  action: z.string(),
  details: z.string(),
  admin: z.string().nullable(),
  target: z.string().nullable(),
});
export type AdminLogDto = z.infer<typeof adminLogDto>;

const adminBalanceResponse = z.object({
  message: z.string(),
  username: z.string(),
  balance: z.number(),
});
export type AdminBalanceResponse = z.infer<typeof adminBalanceResponse>;

const adminStatusResponse = z.object({
  message: z.string(),
  username: z.string(),
  status: z.enum(userStatuses),
});
export type AdminStatusResponse = z.infer<typeof adminStatusResponse>;

/** GET /api/admin/audit: coin conservation checked on the live database. */
const auditReportDto = z.object({
  ok: z.boolean(),
  /** The first discrepancy found, or null. */
  problem: z.string().nullable(),
  ledgerRows: z.number(),
  users: z.number(),
  /** Rows of item_movements, which explain every holding. */
  itemMovements: z.number(),
  /**
   * Where the coins of each currency are, summed from the ledger's rows (players, the house's
   * own, community treasuries, escrow: they sum to zero), and the item units the movements
   * give players. GET /metrics reports the same from the stored balances.
   */
  economy: z.object({
    coins: z.array(
      z.object({
        currency: z.string(),
        players: z.number(),
        house: z.number(),
        treasuries: z.number(),
        escrow: z.number(),
      }),
    ),
    itemUnits: z.number(),
  }),
  notes: z.array(z.string()),
  checkedAt: z.string(),
});
export type AuditReportDto = z.infer<typeof auditReportDto>;

/** The admin's user list: by name, a page at a time, optionally only the names starting with `q`. */
const adminUsersQuery = z.strictObject({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(40, 'q must be at most 40 characters')
    .optional(),
  after: z
    .string({ error: 'after must be text' })
    .max(40, 'after must be at most 40 characters')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminRoutes = defineRoutes({
  'GET /api/admin/users': {
    auth: 'admin',
    summary:
      'Accounts by name, a page at a time (after: the last username of the previous page; q: names starting with it)',
    query: adminUsersQuery,
    reply: z.array(adminUserDto),
  },
  'GET /api/admin/logs': {
    auth: 'admin',
    summary: 'The admin audit log, newest first, a page at a time',
    query: pageQuery,
    reply: z.array(adminLogDto),
  },
  'GET /api/admin/audit': {
    auth: 'admin',
    summary: 'Check coin conservation on the live database',
    reply: auditReportDto,
  },
  'PATCH /api/admin/balance/:username': {
    auth: 'admin',
    summary: 'Add (or remove, if negative) coins',
    idempotent: true,
    params: usernameParams,
    body: adminBalanceBody,
    reply: adminBalanceResponse,
  },
  'PATCH /api/admin/status/user/:username': {
    auth: 'admin',
    summary: 'Ban or reinstate a user',
    params: usernameParams,
    body: adminStatusBody,
    reply: adminStatusResponse,
  },
});
