import { z } from 'zod';
import { defineRoutes } from './contract';
import { messageResponse, passwordSchema, usernameSchema } from './common';
import { SANCTION_HOURS_MAX, SANCTION_TEXT_MAX, sanctionScopes } from '../sanctions';

const text = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, `${field} is required`)
    .max(SANCTION_TEXT_MAX, `${field} must be at most ${SANCTION_TEXT_MAX} characters`);

const scope = z.enum(sanctionScopes, {
  error: `scope must be one of ${sanctionScopes.join(', ')}`,
});

const imposeBody = z.strictObject({
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(1, 'username is required')
    .max(100, 'username must be at most 100 characters'),
  scope,
  reason: text('reason'),
  /** Left out: until an admin lifts it. */
  hours: z
    .number({ error: 'hours must be a number' })
    .int('hours must be a whole number')
    .min(1, 'hours must be at least 1')
    .max(SANCTION_HOURS_MAX, `hours must be at most ${SANCTION_HOURS_MAX}`)
    .optional(),
});
export type ImposeSanctionBody = z.output<typeof imposeBody>;

const appealStatuses = ['open', 'decided'] as const;
const appealDecisions = ['upheld', 'lifted'] as const;

const appealDto = z.object({
  _id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  decision: z.enum(appealDecisions).nullable(),
  reply: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type AppealDto = z.infer<typeof appealDto>;

const sanctionDto = z.object({
  _id: z.string(),
  username: z.string(),
  scope,
  reason: z.string(),
  createdAt: z.string(),
  /** null: until an admin lifts it. */
  endsAt: z.string().nullable(),
  /** By whom, null for one made before sanctions had authors (a ban of the old panel). */
  by: z.string().nullable(),
  liftedAt: z.string().nullable(),
  liftedBy: z.string().nullable(),
  status: z.enum(['active', 'ended', 'lifted']),
  appeal: appealDto.nullable(),
});
export type SanctionDto = z.infer<typeof sanctionDto>;

/** An appeal with what it appeals, for the admin's queue. */
const appealEntryDto = appealDto.extend({
  username: z.string(),
  sanction: sanctionDto.omit({ appeal: true }),
});
export type AppealEntryDto = z.infer<typeof appealEntryDto>;

const cursor = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'cursor must be one this list gave out')
  .optional();

const sanctionParams = z.strictObject({
  id: z.string().regex(/^[1-9][0-9]{0,15}$/, 'id must be a sanction id'),
});

export const sanctionsRoutes = defineRoutes({
  'POST /api/admin/sanctions': {
    auth: 'admin',
    summary:
      'Sanction a player: one scope (all: suspended and signed out everywhere), a reason the player sees, an end or none',
    body: imposeBody,
    reply: sanctionDto,
    status: 201,
  },
  'DELETE /api/admin/sanctions/:id': {
    auth: 'admin',
    summary: 'Lift a sanction now (the unban of a suspension)',
    params: sanctionParams,
    reply: z.object({ message: z.string(), sanction: sanctionDto }),
  },
  'GET /api/admin/sanctions': {
    auth: 'admin',
    summary: "Sanctions, newest first: one player's, or everyone's active ones",
    query: z.strictObject({
      username: z.string().trim().max(100, 'username must be at most 100 characters').optional(),
      status: z
        .enum(['active', 'all'], { error: 'status must be active or all' })
        .default('active'),
      cursor,
    }),
    reply: z.object({ sanctions: z.array(sanctionDto), nextCursor: z.string().nullable() }),
  },
  'GET /api/sanctions': {
    auth: 'user',
    summary: 'Your sanctions in force (the banner) with their appeals',
    reply: z.object({ sanctions: z.array(sanctionDto) }),
  },
  'POST /api/sanctions/:id/appeal': {
    auth: 'user',
    summary: 'Appeal one of your sanctions, once',
    params: sanctionParams,
    body: z.strictObject({ text: text('text') }),
    reply: sanctionDto,
    status: 201,
  },
  'POST /auth/appeal': {
    auth: 'public',
    rateLimit: 'auth',
    summary:
      'Appeal a suspension (scope all), which ends every session: the password proves the account',
    body: z.strictObject({
      username: usernameSchema,
      password: passwordSchema,
      text: text('text'),
    }),
    reply: messageResponse,
    status: 201,
  },
  'GET /api/admin/appeals': {
    auth: 'admin',
    summary: 'Appeals, oldest open first (or newest decided first)',
    query: z.strictObject({
      status: z.enum(appealStatuses, { error: 'status must be open or decided' }).default('open'),
      cursor,
    }),
    reply: z.object({ appeals: z.array(appealEntryDto), nextCursor: z.string().nullable() }),
  },
  'POST /api/admin/appeals/:id/decide': {
    auth: 'admin',
    summary: 'Decide an appeal with a reply: upheld keeps the sanction, lifted ends it',
    params: sanctionParams,
    body: z.strictObject({
      decision: z.enum(appealDecisions, { error: 'decision must be upheld or lifted' }),
      reply: text('reply'),
    }),
    reply: appealEntryDto,
  },
});
