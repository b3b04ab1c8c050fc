import { z } from 'zod';
import { CLIENT_SEED_MAX_LENGTH } from '../games/engine/fairness';
import { isRoundGame, ROUND_GAMES, type RoundGame } from '../games/engine/roundGames';
import { defineRoutes } from './contract';

/** Fairness: the signed-in user's current seed pair. The server seed itself is never here. */
const fairnessDto = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number(),
});
export type FairnessDto = z.infer<typeof fairnessDto>;

const clientSeedBody = z.strictObject({
  clientSeed: z
    .string({ error: 'clientSeed is required' })
    .min(1, 'clientSeed must be 1-64 printable characters')
    .max(CLIENT_SEED_MAX_LENGTH, `clientSeed must be at most ${CLIENT_SEED_MAX_LENGTH} characters`)
    .regex(/^[\x20-\x7e]+$/, 'clientSeed may contain only printable ASCII characters (space to ~)'),
});

const rotateSeedResponse = z.object({
  /** The pair just retired, its server seed now shown, and how many rounds it played. */
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number(),
  }),
  current: fairnessDto,
});
export type RotateSeedResponse = z.infer<typeof rotateSeedResponse>;

const roundsQuery = z.strictObject({
  before: z.coerce
    .number({ error: 'before must be a number' })
    .int('before must be an integer')
    .positive('before must be positive')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
  /** One game's rounds, or several games' ('roulette,coin-flip,slots'): a game's page lists only its own. */
  game: z
    .string()
    .transform((text, ctx) => {
      const games = text.split(',');
      const bad = games.find((g) => !isRoundGame(g));
      if (bad === undefined) return games as RoundGame[];
      ctx.addIssue({
        code: 'custom',
        message: `game must be one or more of ${ROUND_GAMES.join(', ')}, comma-separated (not '${bad}')`,
        params: { rule: 'one_of' },
      });
      return z.NEVER;
    })
    .optional(),
});

const roundDto = z.object({
  _id: z.string(),
  game: z.enum(ROUND_GAMES),
  stake: z.number(),
  payout: z.number(),
  createdAt: z.string(),
  state: z.enum(['open', 'settled']),
  serverSeedHash: z.string(),
  /** Null until the pair is rotated: then the verifier can replay the round. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number(),
  /** The inputs the verifier replays the round with (for a spinner: wheel and reward table). */
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
});
export type RoundDto = z.infer<typeof roundDto>;

const roundsPage = z.object({ rounds: z.array(roundDto), nextBefore: z.string().nullable() });
export type RoundsPage = z.infer<typeof roundsPage>;

/** /fairness's published figures (shared/published): sections of notes and tables of text rows. */
const publishedTableDto = z.object({
  key: z.string(),
  caption: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.object({ key: z.string(), cells: z.array(z.string()) })),
});
const publishedDto = z.object({
  sections: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      notes: z.array(z.string()),
      tables: z.array(publishedTableDto),
    }),
  ),
});
export type PublishedDto = z.infer<typeof publishedDto>;

export const fairnessRoutes = defineRoutes({
  'GET /api/fairness': {
    auth: 'user',
    summary: 'Your seed pair: SHA-256 of the server seed, client seed, next nonce',
    reply: fairnessDto,
  },
  'POST /api/fairness/client-seed': {
    auth: 'user',
    summary: 'Set your client seed (1-64 printable characters)',
    body: clientSeedBody,
    reply: fairnessDto,
  },
  'POST /api/fairness/rotate': {
    auth: 'user',
    summary:
      'Reveal your server seed and start a new pair at nonce 0 (409 while a round on it is open)',
    reply: rotateSeedResponse,
  },
  'GET /api/fairness/published': {
    auth: 'public',
    summary:
      'Every published figure: returns and house shares, faucet caps, items and their most expected value, odds and bounds',
    reply: publishedDto,
  },
  'GET /api/games/rounds': {
    auth: 'user',
    summary: 'Your game rounds, newest first, with what verifies them',
    query: roundsQuery,
    reply: roundsPage,
  },
});
