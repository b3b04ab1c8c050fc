import { z } from 'zod';
import { idString } from './common';

/**
 * Spec section 4, service lifecycle: listed -> bought -> finalized -> completed (accepted by
 * the buyer, or released to the provider 7 days after finalization). Ours besides: refunded
 * (the provider returned the escrow before finalizing) and deleted (by the owner before a
 * buyer, or retired with a deleted account).
 */
export const serviceStatuses = ['listed', 'bought', 'finalized', 'completed', 'refunded', 'deleted'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

export const SERVICE_TITLE_MAX = 80;
export const SERVICE_DESCRIPTION_MAX = 2000;
export const SERVICE_PRICE_MAX = 1_000_000;
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

export const createServiceBody = z.strictObject({
  title: text('title', SERVICE_TITLE_MAX),
  description: text('description', SERVICE_DESCRIPTION_MAX),
  price,
});

export const updateServiceBody = z
  .strictObject({
    title: text('title', SERVICE_TITLE_MAX).optional(),
    description: text('description', SERVICE_DESCRIPTION_MAX).optional(),
    price: price.optional(),
  })
  .refine((b) => b.title !== undefined || b.description !== undefined || b.price !== undefined, 'title, description or price: change at least one');

export const serviceIdBody = z.strictObject({ serviceId: idString('serviceId') });

export const servicesQuery = z.strictObject({
  showAll: z.enum(['true', 'false'], { error: "showAll must be 'true' or 'false'" }).optional(),
});

export type CreateServiceBody = z.output<typeof createServiceBody>;
export type UpdateServiceBody = z.output<typeof updateServiceBody>;

export interface ServiceUserDto {
  _id: string;
  username: string;
  profileImage: string | null;
}

/** Spec section 3's Service, with our status and timestamps. */
export interface ServiceDto {
  _id: string;
  title: string;
  description: string;
  price: number;
  provider: ServiceUserDto;
  buyer: ServiceUserDto | null;
  finalized: boolean;
  buyerAccepted: boolean;
  completedAt: string | null;
  status: ServiceStatus;
  createdAt: string;
  boughtAt: string | null;
  finalizedAt: string | null;
  refundedAt: string | null;
  /** When a finalized, unaccepted service is released to the provider. */
  releaseAt: string | null;
}

export interface ServiceHistoryDto {
  asProvider: ServiceDto[];
  asBuyer: ServiceDto[];
}

export interface ServiceActionResponse {
  message: string;
  service: ServiceDto;
}
