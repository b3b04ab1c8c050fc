import { z } from 'zod';
import { coinAmount, futureDateTime, idString } from './common';
import { hasAtMostTwoDecimals, MAX_ODDS, MIN_ODDS, PARLAY_MAX_LEGS, PARLAY_MIN_LEGS } from '../odds';

export const oddsValue = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(MIN_ODDS, `${field} must be at least ${MIN_ODDS}`)
    .max(MAX_ODDS, `${field} must be at most ${MAX_ODDS}`)
    .refine(hasAtMostTwoDecimals, { error: `${field} may have at most 2 decimals`, params: { rule: 'decimals', limit: 2 } });

const optionText = z
  .string({ error: 'options.text must be a string' })
  .trim()
  .min(1, 'options.text must not be empty')
  .max(100, 'options.text must be at most 100 characters');

export const createBetBody = z.strictObject({
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(120, 'title must be at most 120 characters'),
  description: z.string({ error: 'description must be a string' }).trim().max(2000, 'description must be at most 2000 characters').default(''),
  endTime: futureDateTime('endTime'),
  options: z
    .array(z.strictObject({ text: optionText, odds: oddsValue('options.odds') }), { error: 'options must be a list' })
    .min(2, 'options must have at least two entries')
    .max(20, 'options must have at most 20 entries')
    .refine((opts) => new Set(opts.map((o) => o.text.toLowerCase())).size === opts.length, { error: 'options must have distinct texts', params: { rule: 'distinct' } }),
});
export type CreateBetBody = z.infer<typeof createBetBody>;

export const predictBody = z.strictObject({
  betId: idString('betId'),
  choice: z.string({ error: 'choice is required' }).trim().min(1, 'choice is required').max(100),
  amount: coinAmount('amount'),
});

export const parlayBody = z.strictObject({
  amount: coinAmount('amount'),
  bets: z
    .array(
      z.strictObject({
        betId: idString('bets.betId'),
        choice: z.string({ error: 'bets.choice is required' }).trim().min(1, 'bets.choice is required').max(100),
        odds: z.number({ error: 'bets.odds must be a number' }).positive('bets.odds must be positive'),
      }),
      { error: 'bets must be a list' },
    )
    .min(PARLAY_MIN_LEGS, `bets must have at least ${PARLAY_MIN_LEGS} legs`)
    .max(PARLAY_MAX_LEGS, `bets must have at most ${PARLAY_MAX_LEGS} legs`)
    .refine((legs) => new Set(legs.map((l) => l.betId)).size === legs.length, { error: 'bets must be on distinct bets', params: { rule: 'distinct' } }),
  totalOdds: z.number({ error: 'totalOdds must be a number' }).positive('totalOdds must be positive'),
});

export const finalizeBody = z.strictObject({ betId: idString('betId'), optionId: idString('optionId') });
export const oddsBody = z.strictObject({ odds: oddsValue('odds') });
export const oddsParams = z.strictObject({
  betTitle: z.string().min(1, 'betTitle is required').max(200),
  optionId: idString('optionId'),
});

export const betStatuses = ['open', 'finalized', 'voided'] as const;
export type BetStatus = (typeof betStatuses)[number];

export interface BetOptionDto {
  _id: string;
  text: string;
  odds: number;
  /** How many wagers and parlay legs picked this option. */
  votes: number;
}

export interface BetDto {
  _id: string;
  title: string;
  description: string;
  endTime: string;
  status: BetStatus;
  options: BetOptionDto[];
  /** Text of the winning option once finalized, else null. */
  result: string | null;
  resultOptionId: string | null;
}

export interface AdminBetDto extends BetDto {
  totalStaked: number;
  wagerCount: number;
  createdAt: string;
}

export type WagerStatus = 'open' | 'won' | 'lost' | 'refunded';

export interface WagerDto {
  _id: string;
  kind: 'single';
  betId: string;
  betTitle: string;
  choice: string;
  odds: number;
  stake: number;
  potentialPayout: number;
  payout: number;
  status: WagerStatus;
  createdAt: string;
}

export interface ParlayLegDto {
  betId: string;
  betTitle: string;
  choice: string;
  odds: number;
  status: 'open' | 'won' | 'lost' | 'void';
}

export interface ParlayDto {
  _id: string;
  kind: 'parlay';
  stake: number;
  totalOdds: number;
  potentialPayout: number;
  payout: number;
  status: WagerStatus;
  legs: ParlayLegDto[];
  createdAt: string;
}

export interface MyBetsDto {
  open: (WagerDto | ParlayDto)[];
  settled: (WagerDto | ParlayDto)[];
}

export interface PlaceWagerResponse {
  message: string;
  balance: number;
  wager: WagerDto;
}

export interface PlaceParlayResponse {
  message: string;
  balance: number;
  parlay: ParlayDto;
}

/** 409 details when a parlay leg's claimed odds are stale. */
export interface OddsChangedDetails {
  currentOdds: { betId: string; choice: string; odds: number }[];
  totalOdds: number;
}

/** Answer of the admin actions on one bet (create, finalize, odds, void). */
export interface BetActionResponse {
  message: string;
  bet: BetDto;
}
