import { z } from 'zod';
import { IDLE_MAX_ENERGY, IDLE_TOWER_BOSSES, IDLE_TRAININGS } from './rules';
import { defineRoutes } from '../../api/contract';

/*
 * The idle trainer 'idle-ngu' (issue 24, DESIGN.md section 9). The state lives on the server;
 * energy-time values are decimal strings (exact BigInts). The page parses them with fromJson and
 * animates levels with the same settle() the server uses.
 */

const trainingRecord = <T extends z.ZodType>(value: T) =>
  z.object({ attack: value, defense: value, speed: value, magic: value });

export const idleStateDto = z.object({
  allocations: trainingRecord(z.number()),
  energyTime: trainingRecord(z.string()),
  rebirths: z.number(),
  rebirthBoss: z.number(),
  bestBoss: z.number(),
  highestKill: z.number(),
  lastSettleMs: z.number(),
});

export const idleDto = z.object({
  state: idleStateDto,
  serverTime: z.string(),
  /** Set once, on the first read after more than a minute away. */
  away: z
    .object({ awayMs: z.number(), cappedMs: z.number(), levelsGained: trainingRecord(z.number()) })
    .nullable(),
  power: z.string(),
  /** The highest boss your power beats now. */
  strongestBeatable: z.number(),
});
export type IdleDto = z.infer<typeof idleDto>;
export const idleActionResponse = idleDto.extend({ balance: z.number(), coins: z.number() });

const energyField = (t: string) =>
  z
    .number({ error: `allocations.${t} must be a number` })
    .int(`allocations.${t} must be a whole number`)
    .min(0, `allocations.${t} must be at least 0`)
    .max(IDLE_MAX_ENERGY, `allocations.${t} must be at most ${IDLE_MAX_ENERGY}`);
export const idleAllocateBody = z.strictObject({
  allocations: z.strictObject(
    Object.fromEntries(IDLE_TRAININGS.map((t) => [t, energyField(t)])) as Record<
      (typeof IDLE_TRAININGS)[number],
      ReturnType<typeof energyField>
    >,
    {
      error: 'allocations must give attack, defense, speed and magic',
    },
  ),
});
export const idleFightBody = z.strictObject({
  boss: z
    .number({ error: 'boss must be a number' })
    .int('boss must be a whole number')
    .min(1, 'boss must be at least 1')
    .max(IDLE_TOWER_BOSSES, `boss must be at most ${IDLE_TOWER_BOSSES}`),
});

export const idleNguRoutes = defineRoutes({
  'GET /api/games/idle-ngu': {
    auth: 'user',
    summary: 'Your trainer, settled to the server clock (with an away summary after a minute away)',
    reply: idleDto,
  },
  'POST /api/games/idle-ngu/allocate': {
    auth: 'user',
    idempotent: true,
    summary: 'Allocate your energy across the four trainings (settles first)',
    body: idleAllocateBody,
    reply: idleActionResponse,
  },
  'POST /api/games/idle-ngu/fight': {
    auth: 'user',
    idempotent: true,
    summary: 'Fight a boss your power beats; a first-ever kill of boss n pays 10 + 2n coins',
    body: idleFightBody,
    reply: idleActionResponse,
  },
  'POST /api/games/idle-ngu/rebirth': {
    auth: 'user',
    idempotent: true,
    summary: 'Reset the trainings for a permanent multiplier from the best boss reached',
    reply: idleActionResponse,
  },
});
