import { z } from 'zod';
import { defineRoutes } from './contract';
import { coinAmount, futureDateTime, idParams, idString, pageQuery } from './common';
import {
  hasAtMostTwoDecimals,
  MAX_ODDS,
  MIN_ODDS,
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
} from '../odds';

const oddsValue = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(MIN_ODDS, `${field} must be at least ${MIN_ODDS}`)
    .max(MAX_ODDS, `${field} must be at most ${MAX_ODDS}`)
    .refine(hasAtMostTwoDecimals, {
      error: `${field} may have at most 2 decimals`,
      params: { rule: 'decimals', limit: 2 },
    });

const optionText = z
  .string({ error: 'options.text must be a string' })
  .trim()
  .min(1, 'options.text must not be empty')
  .max(100, 'options.text must be at most 100 characters');

export const createBetBody = z.strictObject({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(120, 'title must be at most 120 characters'),
  description: z
    .string({ error: 'description must be a string' })
    .trim()
    .max(2000, 'description must be at most 2000 characters')
    .default(''),
  endTime: futureDateTime('endTime'),
  options: z
    .array(z.strictObject({ text: optionText, odds: oddsValue('options.odds') }), {
      error: 'options must be a list',
    })
    .min(2, 'options must have at least two entries')
    .max(20, 'options must have at most 20 entries')
    .refine((opts) => new Set(opts.map((o) => o.text.toLowerCase())).size === opts.length, {
      error: 'options must have distinct texts',
      params: { rule: 'distinct' },
    }),
});
export type CreateBetBody = z.infer<typeof createBetBody>;

const predictBody = z.strictObject({
  betId: idString('betId'),
  choice: z.string({ error: 'choice is required' }).trim().min(1, 'choice is required').max(100),
  amount: coinAmount('amount'),
});

const parlayBody = z.strictObject({
  amount: coinAmount('amount'),
  bets: z
    .array(
      z.strictObject({
        betId: idString('bets.betId'),
        choice: z
          .string({ error: 'bets.choice is required' })
          .trim()
          .min(1, 'bets.choice is required')
          .max(100),
        odds: z
          .number({ error: 'bets.odds must be a number' })
          .positive('bets.odds must be positive'),
      }),
      { error: 'bets must be a list' },
    )
    .min(PARLAY_MIN_LEGS, `bets must have at least ${PARLAY_MIN_LEGS} legs`)
    .max(PARLAY_MAX_LEGS, `bets must have at most ${PARLAY_MAX_LEGS} legs`)
    .refine((legs) => new Set(legs.map((l) => l.betId)).size === legs.length, {
      error: 'bets must be on distinct bets',
      params: { rule: 'distinct' },
    }),
  totalOdds: z
    .number({ error: 'totalOdds must be a number' })
    .positive('totalOdds must be positive'),
});

const finalizeBody = z.strictObject({
  betId: idString('betId'),
  optionId: idString('optionId'),
});
export const oddsBody = z.strictObject({ odds: oddsValue('odds') });
const oddsParams = z.strictObject({
  betTitle: z.string().min(1, 'betTitle is required').max(200),
  optionId: idString('optionId'),
});

export const betStatuses = ['open', 'finalized', 'voided'] as const;
export type BetStatus = (typeof betStatuses)[number];

const betOptionDto = z.object({
  _id: z.string(),
  text: z.string(),
  odds: z.number(),
  /** How many wagers and parlay legs picked this option. */
  votes: z.number(),
});
export type BetOptionDto = z.infer<typeof betOptionDto>;

export const betDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  endTime: z.string(),
  status: z.enum(betStatuses),
  options: z.array(betOptionDto),
  /** Text of the winning option once finalized, else null. */
  result: z.string().nullable(),
  resultOptionId: z.string().nullable(),
});
export type BetDto = z.infer<typeof betDto>;

const adminBetDto = betDto.extend({
  totalStaked: z.number(),
  wagerCount: z.number(),
  createdAt: z.string(),
});
export type AdminBetDto = z.infer<typeof adminBetDto>;

const wagerStatus = z.enum(['open', 'won', 'lost', 'refunded']);
export type WagerStatus = z.infer<typeof wagerStatus>;

export const wagerDto = z.object({
  _id: z.string(),
  kind: z.literal('single'),
  betId: z.string(),
  betTitle: z.string(),
  choice: z.string(),
  odds: z.number(),
  stake: z.number(),
  potentialPayout: z.number(),
  payout: z.number(),
  status: wagerStatus,
  createdAt: z.string(),
});
export type WagerDto = z.infer<typeof wagerDto>;

const parlayLegDto = z.object({
  betId: z.string(),
  betTitle: z.string(),
  choice: z.string(),
  odds: z.number(),
  status: z.enum(['open', 'won', 'lost', 'void']),
});
export type ParlayLegDto = z.infer<typeof parlayLegDto>;

const parlayDto = z.object({
  _id: z.string(),
  kind: z.literal('parlay'),
  stake: z.number(),
  totalOdds: z.number(),
  potentialPayout: z.number(),
  payout: z.number(),
  status: wagerStatus,
  legs: z.array(parlayLegDto),
  createdAt: z.string(),
});
export type ParlayDto = z.infer<typeof parlayDto>;

const wagerOrParlay = z.discriminatedUnion('kind', [wagerDto, parlayDto]);
const myBetsDto = z.object({ open: z.array(wagerOrParlay), settled: z.array(wagerOrParlay) });
export type MyBetsDto = z.infer<typeof myBetsDto>;

const placeWagerResponse = z.object({ message: z.string(), balance: z.number(), wager: wagerDto });
export type PlaceWagerResponse = z.infer<typeof placeWagerResponse>;

const placeParlayResponse = z.object({
  message: z.string(),
  balance: z.number(),
  parlay: parlayDto,
});
export type PlaceParlayResponse = z.infer<typeof placeParlayResponse>;

/** 409 details when a parlay leg's claimed odds are stale. */
export interface OddsChangedDetails {
  currentOdds: { betId: string; choice: string; odds: number }[];
  totalOdds: number;
}

/** Answer of the admin actions on one bet (create, finalize, odds, void). */
const betActionResponse = z.object({ message: z.string(), bet: betDto });

export const betsRoutes = defineRoutes({
  'GET /api/bets/active': {
    auth: 'user',
    summary: 'Open bets with odds and vote counts',
    reply: z.array(betDto),
  },
  'GET /api/bets/mine': {
    auth: 'user',
    summary: 'Your open and settled wagers and parlays',
    reply: myBetsDto,
  },
  'POST /api/bets/predict': {
    auth: 'user',
    sanction: 'games',
    idempotent: true,
    summary: 'Place a wager on an option (by its text)',
    body: predictBody,
    reply: placeWagerResponse,
  },
  'POST /api/bets/parlay': {
    auth: 'user',
    sanction: 'games',
    idempotent: true,
    summary: 'Place a parlay of 2-10 legs',
    body: parlayBody,
    reply: placeParlayResponse,
    status: 201,
  },
  'POST /api/bets/create': {
    auth: 'admin',
    summary: 'Create a bet',
    body: createBetBody,
    reply: betActionResponse,
    status: 201,
  },
  'POST /api/bets/finalize': {
    auth: 'admin',
    summary: 'Settle a bet with its winning option',
    body: finalizeBody,
    reply: betActionResponse,
  },
  'GET /api/admin/bets': {
    auth: 'admin',
    summary: 'Bets with totals, open ones first, then newest, a page at a time',
    query: pageQuery,
    reply: z.array(adminBetDto),
  },
  'PATCH /api/admin/odds/:betTitle/:optionId': {
    auth: 'admin',
    summary: "Change an option's odds for new wagers (bet by title or id)",
    params: oddsParams,
    body: oddsBody,
    reply: betActionResponse,
  },
  'POST /api/admin/bets/:id/void': {
    auth: 'admin',
    summary: 'Void a bet and refund every stake',
    params: idParams,
    reply: betActionResponse,
  },
});
