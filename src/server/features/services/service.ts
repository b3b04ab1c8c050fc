import type { PageQuery } from '../../../shared/api/common';
import { sql } from 'drizzle-orm';
import {
  MAX_LISTED_SERVICES,
  type PriceChangedDetails,
  SERVICE_AUTO_RELEASE_MS,
  type CreateServiceBody,
  type ServiceActionResponse,
  type ServiceDto,
  type ServiceHistoryDto,
  type ServiceHistoryQuery,
  type UpdateServiceBody,
} from '../../../shared/api/services';
import type { MessageResponse } from '../../../shared/api/common';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { publishLive } from '../../platform/realtime/publish';
import { recordEvent, type DomainEvents } from '../../platform/events';
import { accountsSql, assertEstablished } from '../accounts/public';
import { ledger } from '../wallet/public';
import { RowSweep } from '../../platform/sweepRows';
import { presentService } from './presenter';
import * as queries from './queries';

/**
 * The service marketplace (DESIGN.md section 6). Lock order in every transaction: the
 * accounts first (ledger.lockAccounts, ascending ids), then the service row by its
 * conditional UPDATE, then the posting. Taking the account locks before any statement that
 * writes a row referencing users avoids the key-share -> update lock upgrade that deadlocks
 * two transactions of one user.
 */

async function reload(q: Queryable, id: number): Promise<ServiceDto> {
  const row = await queries.findService(q, id);
  if (!row) throw notFound(`id: no service with id ${id}`);
  return presentService(row);
}

async function header(q: Queryable, id: number, field: string) {
  const row = await queries.serviceHeader(q, id);
  if (!row || row.status === 'deleted') throw notFound(`${field}: no service with id ${id}`);
  return row;
}

type Role = 'provider' | 'buyer';

/**
 * Both parties' pages learn of a step at once (the other party's, and the actor's other tabs),
 * in the step's own transaction: a refused or rolled-back step pushes nothing.
 */
async function tellParties(
  q: Queryable,
  id: number,
  providerId: number,
  buyerId: number | null,
  change?: DomainEvents['ServiceChanged']['change'],
): Promise<void> {
  const payload = { serviceId: String(id) };
  await publishLive(q, 'service.changed', payload, providerId);
  if (buyerId !== null) await publishLive(q, 'service.changed', payload, buyerId);
  // The other party's notification.
  if (change && buyerId !== null)
    await recordEvent(q, 'ServiceChanged', { serviceId: id, change, providerId, buyerId });
}

/** Every signed-in page showing the marketplace reads it again (a new listing, a new price). */
const tellMarketplace = (q: Queryable, id: number) =>
  publishLive(q, 'service.listed', { serviceId: String(id) });

/** Why a transition's conditional UPDATE changed nothing; runs only on the refusal path. */
async function explainRefusal(
  q: Queryable,
  id: number,
  userId: number,
  role: Role,
  verb: string,
  field: string,
): Promise<never> {
  const row = await header(q, id, field);
  if (role === 'provider' && row.provider_id !== userId)
    throw forbidden(`Only the provider can ${verb} this service`);
  if (role === 'buyer' && row.buyer_id !== userId)
    throw forbidden(`Only the buyer can ${verb} this service`);
  const reasons: Record<string, string> = {
    listed: 'This service has not been bought yet',
    bought: 'This service has been bought and is waiting for the provider to finalize it',
    finalized: 'This service has already been finalized',
    completed: 'This service is already completed',
    refunded: 'This service has been refunded',
  };
  throw conflict(
    `${reasons[row.status] ?? `This service is ${row.status}`}; it cannot be ${verb === 'buy' ? 'bought' : verb.endsWith('e') ? `${verb}d` : `${verb}ed`} now`,
  );
}

export async function createService(
  deps: Deps,
  userId: number,
  body: CreateServiceBody,
): Promise<ServiceDto> {
  return deps.db.tx(async (tx) => {
    // The provider's account lock also serializes concurrent creates, so the cap is exact.
    await ledger.lockAccounts(tx, [userId], userId);
    const [count] = await tx.rows<{ n: number }>(
      sql`select count(*)::int as n from services where provider_id = ${userId} and status = 'listed'`,
    );
    if ((count?.n ?? 0) >= MAX_LISTED_SERVICES)
      throw conflict(`You can list at most ${MAX_LISTED_SERVICES} services at a time`);
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into services (provider_id, title, description, price)
      values (${userId}, ${body.title}, ${body.description}, ${body.price}) returning id`);
    await tellMarketplace(tx, Number(row!.id));
    return reload(tx, Number(row!.id));
  });
}

/** Owner only, before a buyer exists (status listed). */
export async function updateService(
  deps: Deps,
  userId: number,
  id: number,
  body: UpdateServiceBody,
): Promise<ServiceDto> {
  return deps.db.tx(async (tx) => {
    await ledger.lockAccounts(tx, [userId], userId);
    const [row] = await tx.rows<{ id: number }>(sql`
      update services set
        title = coalesce(${body.title ?? null}, title),
        description = coalesce(${body.description ?? null}, description),
        price = coalesce(${body.price ?? null}::bigint, price)
      where id = ${id} and provider_id = ${userId} and status = 'listed'
      returning id`);
    if (!row) return explainEdit(tx, id, userId, 'edit');
    await tellMarketplace(tx, id);
    return reload(tx, id);
  });
}

async function explainEdit(q: Queryable, id: number, userId: number, verb: string): Promise<never> {
  const row = await header(q, id, 'id');
  if (row.provider_id !== userId) throw forbidden(`Only the provider can ${verb} this service`);
  throw conflict(
    `This service has been bought; it can no longer be ${verb === 'edit' ? 'edited' : 'deleted'}`,
  );
}

export async function deleteService(
  deps: Deps,
  userId: number,
  id: number,
): Promise<MessageResponse> {
  return deps.db.tx(async (tx) => {
    await ledger.lockAccounts(tx, [userId], userId);
    const [row] = await tx.rows<{ id: number }>(sql`
      update services set status = 'deleted' where id = ${id} and provider_id = ${userId} and status = 'listed' returning id`);
    if (!row) return explainEdit(tx, id, userId, 'delete');
    await tellMarketplace(tx, id);
    return { message: 'Service deleted' };
  });
}

const coins = (n: number) => n.toLocaleString('en-GB');

/**
 * `expectedPrice`: the price the buyer's page showed; the provider may have changed it since
 * (an edit while listed), and a buyer pays only what they agreed to. Absent, the current price.
 */
export async function buyService(
  deps: Deps,
  userId: number,
  id: number,
  expectedPrice?: number,
): Promise<ServiceActionResponse> {
  await assertEstablished(deps, userId, 'buy services');
  return deps.db
    .tx(async (tx) => {
      const found = await header(tx, id, 'id');
      if (found.provider_id === userId) throw forbidden('You cannot buy your own service');
      await ledger.lockAccounts(tx, [userId], userId);
      const [row] = await tx.rows<{ price: number; provider_id: number }>(sql`
      update services s set status = 'bought', buyer_id = ${userId}, bought_at = now()
      where s.id = ${id} and s.status = 'listed' and s.provider_id <> ${userId}
        and (${expectedPrice ?? null}::bigint is null or s.price = ${expectedPrice ?? null}::bigint)
        and exists (select 1 from ${accountsSql.users} p where p.id = s.provider_id and p.status = 'active')
      returning s.price, s.provider_id`);
      if (!row) {
        // Explained from a read taken after the refused update, not from `found`: a buyer who
        // raced another must hear that it was bought, not what the service looked like before.
        const now = await header(tx, id, 'id');
        if (now.status !== 'listed') throw conflict('This service has already been bought');
        if (expectedPrice !== undefined && now.price !== expectedPrice) {
          const details: PriceChangedDetails = { currentPrice: now.price };
          throw conflict(
            `The price of this service has changed: it now costs ${coins(now.price)} coins, not ${coins(expectedPrice)}. Check it and buy again.`,
            details,
          );
        }
        throw conflict('The provider of this service can no longer sell it');
      }
      await ledger.post(
        tx,
        [
          {
            userId,
            delta: -Number(row.price),
            category: 'service_escrow',
            counterpartyId: Number(row.provider_id),
          },
        ],
        { refType: 'service', refId: id },
        { actorId: userId },
      );
      await tellParties(tx, id, Number(row.provider_id), userId, 'bought');
      return { message: 'Purchase successful!', service: await reload(tx, id) };
    })
    .finally(() => deps.events.nudge());
}

export async function finalizeService(
  deps: Deps,
  userId: number,
  id: number,
): Promise<ServiceActionResponse> {
  return deps.db
    .tx(async (tx) => {
      await ledger.lockAccounts(tx, [userId], userId);
      const [row] = await tx.rows<{ id: number; buyer_id: number }>(sql`
      update services set status = 'finalized', finalized_at = ${deps.clock.now().toISOString()}
      where id = ${id} and provider_id = ${userId} and status = 'bought' returning id, buyer_id`);
      if (!row) return explainRefusal(tx, id, userId, 'provider', 'finalize', 'serviceId');
      await tellParties(tx, id, userId, Number(row.buyer_id), 'finalized');
      return { message: 'Service finalized!', service: await reload(tx, id) };
    })
    .finally(() => deps.events.nudge());
}

export async function acceptService(
  deps: Deps,
  userId: number,
  id: number,
): Promise<ServiceActionResponse> {
  return deps.db
    .tx(async (tx) => {
      const found = await header(tx, id, 'serviceId');
      if (found.buyer_id !== userId) throw forbidden('Only the buyer can accept this service');
      await ledger.lockAccounts(tx, [found.provider_id, userId], userId);
      const [row] = await tx.rows<{ price: number; provider_id: number }>(sql`
      update services set status = 'completed', completed_at = now()
      where id = ${id} and buyer_id = ${userId} and status = 'finalized' returning price, provider_id`);
      if (!row) return explainRefusal(tx, id, userId, 'buyer', 'accept', 'serviceId');
      await ledger.post(
        tx,
        [
          {
            userId: Number(row.provider_id),
            delta: Number(row.price),
            category: 'service_release',
            counterpartyId: userId,
          },
        ],
        { refType: 'service', refId: id },
      );
      await tellParties(tx, id, Number(row.provider_id), userId, 'accepted');
      return { message: 'Finalization accepted!', service: await reload(tx, id) };
    })
    .finally(() => deps.events.nudge());
}

/** The provider returns the escrow while the service is bought and not finalized. */
export async function refundService(
  deps: Deps,
  userId: number,
  id: number,
): Promise<ServiceActionResponse> {
  return deps.db
    .tx(async (tx) => {
      const found = await header(tx, id, 'serviceId');
      if (found.provider_id !== userId)
        throw forbidden('Only the provider can refund this service');
      await ledger.lockAccounts(
        tx,
        found.buyer_id === null ? [userId] : [userId, found.buyer_id],
        userId,
      );
      const [row] = await tx.rows<{ price: number; buyer_id: number }>(sql`
      update services set status = 'refunded', refunded_at = now()
      where id = ${id} and provider_id = ${userId} and status = 'bought' returning price, buyer_id`);
      if (!row) return explainRefusal(tx, id, userId, 'provider', 'refund', 'serviceId');
      await refundEscrow(tx, id, Number(row.buyer_id), Number(row.price), userId);
      await tellParties(tx, id, userId, Number(row.buyer_id), 'refunded');
      return { message: 'Service refunded', service: await reload(tx, id) };
    })
    .finally(() => deps.events.nudge());
}

async function refundEscrow(
  q: Queryable,
  id: number,
  buyerId: number,
  price: number,
  providerId: number,
): Promise<void> {
  await ledger.post(
    q,
    [{ userId: buyerId, delta: price, category: 'service_refund', counterpartyId: providerId }],
    {
      refType: 'service',
      refId: id,
    },
  );
}

const overdueSweep = new RowSweep('releasing overdue services');

/**
 * Releases to the provider each finalized service unaccepted for 7 days (by deps.clock), one
 * transaction each; the status guard makes a race with an accept pay once. `onlyFor` limits
 * it to one user's services (the lazy release before that user's lists).
 */
export async function releaseOverdue(deps: Deps, onlyFor?: number): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - SERVICE_AUTO_RELEASE_MS);
  const ids = await queries.overdueIds(
    deps.db,
    cutoff,
    onlyFor,
    onlyFor === undefined ? overdueSweep.resting(deps.clock.now().getTime()) : [],
  );
  return overdueSweep.each(
    deps,
    ids,
    (id) => id,
    (id) =>
      deps.db.tx(async (tx) => {
        const found = await queries.serviceHeader(tx, id);
        if (!found) return false;
        await ledger.lockAccounts(tx, [found.provider_id]);
        const [row] = await tx.rows<{ price: number; buyer_id: number }>(sql`
        update services set status = 'completed', auto_released = true, completed_at = now()
        where id = ${id} and status = 'finalized' and finalized_at <= ${cutoff.toISOString()} returning price, buyer_id`);
        if (!row) return false;
        await ledger.post(
          tx,
          [
            {
              userId: found.provider_id,
              delta: Number(row.price),
              category: 'service_release',
              counterpartyId: Number(row.buyer_id),
            },
          ],
          { refType: 'service', refId: id },
        );
        await tellParties(tx, id, found.provider_id, Number(row.buyer_id), 'released');
        return true;
      }),
  );
}

export async function listServices(
  deps: Deps,
  userId: number,
  showAll: boolean,
  page: PageQuery,
): Promise<ServiceDto[]> {
  await releaseOverdue(deps, userId);
  const rows = showAll
    ? await queries.marketplace(deps.db, userId, page)
    : await queries.providedBy(deps.db, userId, page);
  return rows.map(presentService);
}

export async function listPurchases(
  deps: Deps,
  userId: number,
  page: PageQuery,
): Promise<ServiceDto[]> {
  await releaseOverdue(deps, userId);
  return (await queries.boughtBy(deps.db, userId, page)).map(presentService);
}

export async function serviceHistory(
  deps: Deps,
  userId: number,
  query: ServiceHistoryQuery,
): Promise<ServiceHistoryDto> {
  await releaseOverdue(deps, userId);
  const [asProvider, asBuyer] = await Promise.all([
    queries.history(deps.db, userId, 'provider', {
      before: query.providerBefore,
      limit: query.limit,
    }),
    queries.history(deps.db, userId, 'buyer', { before: query.buyerBefore, limit: query.limit }),
  ]);
  return { asProvider: asProvider.map(presentService), asBuyer: asBuyer.map(presentService) };
}

/**
 * Account deletion (accounts/service.ts deleteAccount, in its transaction, before it locks
 * and closes the account): retires the user's listings and refunds every escrow they are a
 * party to, to the buyer (the deleted user's own refund is then closed with the account).
 */
export async function retireServicesOf(q: Queryable, userId: number): Promise<void> {
  await q.rows(
    sql`update services set status = 'deleted' where provider_id = ${userId} and status = 'listed'`,
  );
  const open = await q.rows<{ id: number; provider_id: number; buyer_id: number }>(sql`
    select id, provider_id, buyer_id from services
    where (provider_id = ${userId} or buyer_id = ${userId}) and status in ('bought', 'finalized') order by id`);
  for (const s of open) {
    await ledger.lockAccounts(q, [Number(s.buyer_id)]);
    const [row] = await q.rows<{ price: number }>(sql`
      update services set status = 'refunded', refunded_at = now()
      where id = ${s.id} and status in ('bought', 'finalized') returning price`);
    if (!row) continue;
    await refundEscrow(
      q,
      Number(s.id),
      Number(s.buyer_id),
      Number(row.price),
      Number(s.provider_id),
    );
    // The closing user's own event is harmless: their sockets are closed with the account.
    await tellParties(q, Number(s.id), Number(s.provider_id), Number(s.buyer_id), 'refunded');
  }
}
