import { z } from 'zod';
import { defineRoutes } from './contract';
import { idParams, idString, messageResponse, pageQuery } from './common';

/**
 * Spec section 4, service lifecycle: listed -> bought -> finalized -> completed (accepted by
 * the buyer, or released to the provider 7 days after finalization). Ours besides: refunded
 * (the provider returned the escrow before finalizing) and deleted (by the owner before a
 * buyer, or retired with a deleted account).
 */
export const serviceStatuses = [
  'listed',
  'bought',
  'finalized',
  'completed',
  'refunded',
  'deleted',
] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

const SERVICE_TITLE_MAX = 80;
const SERVICE_DESCRIPTION_MAX = 2000;
const SERVICE_PRICE_MAX = 1_000_000;
/** Listed (unbought) services one provider may have at a time. */
export const MAX_LISTED_SERVICES = 50;
/** A finalized service the buyer has not accepted is released to the provider after this. */
export const SERVICE_AUTO_RELEASE_MS = 7 * 24 * 3600 * 1000;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const price = z
  .number({ error: 'price must be a number' })
  .int('price must be a whole number of coins')
  .min(1, 'price must be at least 1')
  .max(SERVICE_PRICE_MAX, `price must be at most ${SERVICE_PRICE_MAX}`);

const createServiceBody = z.strictObject({
  title: text('title', SERVICE_TITLE_MAX),
  description: text('description', SERVICE_DESCRIPTION_MAX),
  price,
});

const updateServiceBody = z
  .strictObject({
    title: text('title', SERVICE_TITLE_MAX).optional(),
    description: text('description', SERVICE_DESCRIPTION_MAX).optional(),
    price: price.optional(),
  })
  .refine(
    (b) => b.title !== undefined || b.description !== undefined || b.price !== undefined,
    'title, description or price: change at least one',
  );

const serviceIdBody = z.strictObject({ serviceId: idString('serviceId') });

/**
 * The price the buyer agrees to (what their page showed): a service whose price has changed
 * since is refused with 409 and PriceChangedDetails. Optional, and so is the body, for the
 * spec's call without one, which buys at whatever the price is.
 */
const buyServiceBody = z
  .strictObject({
    expectedPrice: z
      .number({ error: 'expectedPrice must be a number' })
      .int('expectedPrice must be a whole number of coins')
      .min(1, 'expectedPrice must be at least 1')
      .max(SERVICE_PRICE_MAX, `expectedPrice must be at most ${SERVICE_PRICE_MAX}`)
      .optional(),
  })
  // A request without a body reaches the schema as null.
  .nullish();

/** 409 details of a buy whose expectedPrice is no longer the service's price. */
export interface PriceChangedDetails {
  currentPrice: number;
}

const servicesQuery = pageQuery.extend({
  showAll: z.enum(['true', 'false'], { error: "showAll must be 'true' or 'false'" }).optional(),
});

const cursor = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be an integer`)
    .positive(`${field} must be positive`)
    .optional();

/** History a page per side: each side's cursor is the last `_id` of that side's list so far. */
const serviceHistoryQuery = pageQuery
  .omit({ before: true })
  .extend({ providerBefore: cursor('providerBefore'), buyerBefore: cursor('buyerBefore') });
export type ServiceHistoryQuery = z.infer<typeof serviceHistoryQuery>;

export type CreateServiceBody = z.output<typeof createServiceBody>;
export type UpdateServiceBody = z.output<typeof updateServiceBody>;

const serviceUserDto = z.object({
  _id: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
});
export type ServiceUserDto = z.infer<typeof serviceUserDto>;

/** Spec section 3's Service, with our status and timestamps. */
const serviceDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  provider: serviceUserDto,
  buyer: serviceUserDto.nullable(),
  finalized: z.boolean(),
  buyerAccepted: z.boolean(),
  completedAt: z.string().nullable(),
  status: z.enum(serviceStatuses),
  createdAt: z.string(),
  boughtAt: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** When a finalized, unaccepted service is released to the provider. */
  releaseAt: z.string().nullable(),
});
export type ServiceDto = z.infer<typeof serviceDto>;

const serviceHistoryDto = z.object({
  asProvider: z.array(serviceDto),
  asBuyer: z.array(serviceDto),
});
export type ServiceHistoryDto = z.infer<typeof serviceHistoryDto>;

const serviceActionResponse = z.object({ message: z.string(), service: serviceDto });
export type ServiceActionResponse = z.infer<typeof serviceActionResponse>;

export const servicesRoutes = defineRoutes({
  'GET /api/services': {
    auth: 'user',
    summary:
      'Your services; with showAll=true every listed service plus your own; newest first, a page at a time (before: the last _id of the previous page)',
    query: servicesQuery,
    reply: z.array(serviceDto),
  },
  'GET /api/services/purchases': {
    auth: 'user',
    summary: 'Services you bought, newest first, a page at a time',
    query: pageQuery,
    reply: z.array(serviceDto),
  },
  'GET /api/services/history': {
    auth: 'user',
    summary:
      'Completed and refunded services you provided or bought, most recently closed first, a page per side (providerBefore, buyerBefore)',
    query: serviceHistoryQuery,
    reply: serviceHistoryDto,
  },
  'POST /api/services': {
    auth: 'user',
    sanction: 'trading',
    summary: 'List a service',
    body: createServiceBody,
    reply: serviceDto,
    status: 201,
  },
  'PUT /api/services/:id': {
    auth: 'user',
    sanction: 'trading',
    summary: 'Edit your service before it is bought',
    params: idParams,
    body: updateServiceBody,
    reply: serviceDto,
  },
  'DELETE /api/services/:id': {
    auth: 'user',
    summary: 'Delete your service before it is bought',
    params: idParams,
    reply: messageResponse,
  },
  'POST /api/services/buy/:id': {
    auth: 'user',
    sanction: 'trading',
    idempotent: true,
    summary:
      "Buy a service (its price is held in escrow until you accept the provider's finalization); expectedPrice: the price you agree to, else 409",
    params: idParams,
    body: buyServiceBody,
    reply: serviceActionResponse,
  },
  'POST /api/services/finalize': {
    auth: 'user',
    idempotent: true,
    summary: 'Mark a bought service of yours as delivered',
    body: serviceIdBody,
    reply: serviceActionResponse,
  },
  'POST /api/services/accept': {
    auth: 'user',
    idempotent: true,
    summary: 'Accept a finalized service you bought (releases the escrow to the provider)',
    body: serviceIdBody,
    reply: serviceActionResponse,
  },
  'POST /api/services/refund': {
    auth: 'user',
    idempotent: true,
    summary: 'Return the escrow of a bought service of yours before finalizing it',
    body: serviceIdBody,
    reply: serviceActionResponse,
  },
});
