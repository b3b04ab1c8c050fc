import { z } from 'zod';
import type { SlotSymbol } from './slots';
import { coinAmount } from '../../api/common';
import { defineRoutes } from '../../api/contract';

/** Spec section 9 and the issue: casino bets are whole coins from 1 to 1,000,000. */
export const CASINO_MAX_BET = 1_000_000;

/** What every casino answer ends with: the round that verifies it and the balance after it. */
const settledRound = {
  bonus: z.number(),
  roundId: z.string(),
  nonce: z.number(),
  balance: z.number(),
};

export const coinFlipBody = z.strictObject({
  betAmount: coinAmount('betAmount', CASINO_MAX_BET),
  guess: z.enum(['heads', 'tails'], { error: 'guess must be heads or tails' }),
});

export const coinFlipResponse = z.object({
  result: z.enum(['heads', 'tails']),
  win: z.boolean(),
  /** Coins paid back: 2x the bet on a win (plus any reward-multiplier bonus), else 0. */
  payout: z.number(),
  ...settledRound,
});
export type CoinFlipResponse = z.infer<typeof coinFlipResponse>;

export const rouletteBody = z.strictObject({
  betAmount: coinAmount('betAmount', CASINO_MAX_BET),
  color: z.enum(['red', 'black', 'green'], { error: 'color must be red, black or green' }),
});

export const rouletteResponse = z.object({
  result: z.enum(['red', 'black', 'green']),
  /** 0 is green, 1-7 red, 8-14 black. */
  pocket: z.number(),
  win: z.boolean(),
  payout: z.number(),
  ...settledRound,
});
export type RouletteResponse = z.infer<typeof rouletteResponse>;

export const slotsBody = z.strictObject({ betAmount: coinAmount('betAmount', CASINO_MAX_BET) });

const slotSymbol = z.enum([
  'cherry',
  'lemon',
  'orange',
  'grape',
  'bell',
  'star',
  'diamond',
] satisfies SlotSymbol[]);

export const slotsResponse = z.object({
  /** The three symbols on the line, e.g. ['cherry', 'lemon', 'cherry']. */
  reel: z.array(slotSymbol),
  /** Stop index of each reel, 0-20: the reels stop here. */
  stops: z.array(z.number()),
  combo: z
    .union([
      z.templateLiteral(['three-', slotSymbol]),
      z.literal('two-cherries'),
      z.literal('one-cherry'),
    ])
    .nullable(),
  win: z.boolean(),
  payout: z.number(),
  /** True when slot luck re-spun a losing first spin. */
  respun: z.boolean(),
  /** The slot luck this spin played with, in percent. */
  luck: z.number(),
  ...settledRound,
});
export type SlotsResponse = z.infer<typeof slotsResponse>;

export const casinoRoutes = defineRoutes({
  'POST /api/games/roulette': {
    auth: 'user',
    idempotent: true,
    summary: 'Spin the 15-pocket roulette: red or black pays 2x, green 14x',
    body: rouletteBody,
    reply: rouletteResponse,
  },
  'POST /api/games/slots': {
    auth: 'user',
    idempotent: true,
    summary: 'Spin the slots (3 reels of 21 symbols)',
    body: slotsBody,
    reply: slotsResponse,
  },
  'POST /api/games/coin-flip': {
    auth: 'user',
    idempotent: true,
    summary: 'Flip a coin: a right guess pays 2x',
    body: coinFlipBody,
    reply: coinFlipResponse,
  },
});
