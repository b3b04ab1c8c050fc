import { z } from 'zod';
import type { Role, UserStatus } from './accounts';
import { MAX_COIN_AMOUNT } from './common';

/** Positive adds funds, negative removes them (never below zero). */
export const adminBalanceBody = z.strictObject({
  amount: z
    .number({ error: 'amount must be a number' })
    .int('amount must be a whole number of coins')
    .min(-MAX_COIN_AMOUNT, `amount must be at least -${MAX_COIN_AMOUNT}`)
    .max(MAX_COIN_AMOUNT, `amount must be at most ${MAX_COIN_AMOUNT}`)
    .refine((n) => n !== 0, 'amount must not be zero'),
});

export const adminStatusBody = z.strictObject({
  status: z.enum(['active', 'banned'], { error: 'status must be active or banned' }),
});

export interface AdminUserDto {
  _id: string;
  username: string;
  balance: number;
  role: Role;
  status: UserStatus;
  createdAt: string;
}

export interface AdminLogDto {
  _id: string;
  timestamp: string;
  action: string;
  details: string;
  admin: string | null;
  target: string | null;
}

export interface AdminBalanceResponse {
  message: string;
  username: string;
  balance: number;
}

export interface AdminStatusResponse {
  message: string;
  username: string;
  status: UserStatus;
}

/** GET /api/admin/audit: coin conservation checked on the live database. */
export interface AuditReportDto {
  ok: boolean;
  /** The first discrepancy found, or null. */
  problem: string | null;
  ledgerRows: number;
  users: number;
  /** Rows of item_movements, which explain every holding. */
  itemMovements: number;
  notes: string[];
  checkedAt: string;
}
