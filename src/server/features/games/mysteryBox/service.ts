import { sql } from 'drizzle-orm';
import type {
  OpenBoxesResponse,
  SellCollectibleResponse,
} from '../../../../shared/games/mysteryBox/contract';
import {
  COLLECTIBLES,
  collectibleOf,
  mysteryBoxOf,
  MYSTERY_BOXES,
  openBox,
  boxRtp,
} from '../../../../shared/games/mysteryBox/rules';
import { toFractionString, toPercentString } from '../../../../shared/games/engine/rational';
import type { Db } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { badRequest, conflict } from '../../../platform/errors';
import { publishLive } from '../../../platform/realtime/publish';
import { items } from '../../items/public';
import { collectibleKeyOf, upsertCollectibles } from '../../store/public';
import { ledger } from '../../wallet/public';
import { nextRounds } from '../engine/public';

/**
 * Every collectible is a store cosmetic (items.collectible_key marks it): it shows on profiles
 * and trades like any cosmetic, is never on the shelf (stock 0) and is never a buff. The rows
 * are written from the catalogue by the first request of each process, an upsert by key.
 */
const ensured = new WeakMap<object, Promise<Map<string, number>>>();

function collectibleIds(db: Db): Promise<Map<string, number>> {
  let ids = ensured.get(db);
  if (!ids) {
    const rows = COLLECTIBLES.map((c) => ({
      key: c.key,
      name: c.name,
      emoji: c.emoji,
      value: c.value,
      description: `A mystery-box collectible: sells back for ${c.value} coins.`,
    }));
    ids = upsertCollectibles(db, rows);
    ensured.set(db, ids);
    ids.catch(() => ensured.delete(db));
  }
  return ids;
}

export async function boxes(deps: Deps) {
  const ids = await collectibleIds(deps.db);
  return {
    boxes: MYSTERY_BOXES.map((b) => ({
      id: b.id,
      name: b.name,
      emoji: b.emoji,
      price: b.price,
      rtp: toPercentString(boxRtp(b)),
      rtpFraction: toFractionString(boxRtp(b)),
      tiers: b.tiers.map((t) => ({
        name: t.name,
        weight: t.weight,
        notable: t.notable,
        drops: t.drops.map((d) => ({
          itemId: String(ids.get(d.key)),
          key: d.key,
          name: d.name,
          emoji: d.emoji,
          value: d.value,
        })),
      })),
    })),
  };
}

/**
 * Opening 1 or 5 boxes, one transaction: the openings take consecutive nonces (one round each,
 * game 'mystery-box'), each drop lands in the inventory against its round, and the price of all
 * of them leaves in one posting; a short balance rolls everything back, nonces included.
 * Notable drops are announced to everyone.
 */
export async function open(
  deps: Deps,
  userId: number,
  username: string,
  boxId: string,
  count: number,
): Promise<OpenBoxesResponse> {
  const box = mysteryBoxOf(boxId);
  if (!box)
    throw badRequest(`boxId: there is no box called ${boxId}`, [
      { field: 'boxId', rule: 'one_of', value: boxId },
    ]);
  const ids = await collectibleIds(deps.db);
  const now = deps.clock.now().toISOString();
  return deps.db.tx(async (tx) => {
    // The rounds first: taking the nonces locks the player's seed pair, so their openings take
    // turns before any row here takes a key-share lock on their account (which the posting
    // below would otherwise wait on while another opening waits on the pair: a deadlock).
    const rounds = await nextRounds(tx, userId, 'mystery-box', count, (draws) =>
      draws.map((draw) => {
        const r = openBox(draw.serverSeed, draw.clientSeed, draw.nonce, { tiers: box.tiers });
        // The stake is the box's price, so the round lists show what the opening cost.
        return {
          params: { box: box.id, tiers: box.tiers },
          outcome: { tier: r.tier, tierName: r.tierName, item: r.drop.key, value: r.drop.value },
          stake: box.price,
          payout: 0,
        };
      }),
    );
    const [opening] = await tx.rows<{ id: number }>(
      sql`insert into mystery_box_openings (user_id, box, count, cost) values (${userId}, ${box.id}, ${count}, ${box.price * count}) returning id`,
    );
    for (const round of rounds) {
      await items.give(
        tx,
        { userId, itemId: ids.get(round.record.outcome.item)!, quantity: 1 },
        { reason: 'box_drop', refType: 'round', refId: round.id },
      );
    }
    const balances = await ledger.post(
      tx,
      [{ userId, delta: -box.price * count, category: 'box_opening' }],
      { refType: 'box_opening', refId: opening!.id },
      { actorId: userId },
    );
    const results = rounds.map((round) => {
      const o = round.record.outcome;
      const drop = collectibleOf(o.item)!;
      return {
        roundId: String(round.id),
        nonce: round.draw.nonce,
        tier: o.tierName,
        notable: box.tiers[o.tier]!.notable,
        item: {
          _id: String(ids.get(o.item)),
          name: drop.name,
          emoji: drop.emoji,
          value: drop.value,
        },
      };
    });
    for (const r of results.filter((x) => x.notable)) {
      await publishLive(tx, 'mysteryBox.drop', {
        username,
        box: box.name,
        tier: r.tier,
        item: r.item.name,
        emoji: r.item.emoji,
        value: r.item.value,
        at: now,
      });
    }
    return { results, balance: balances.get(userId) ?? 0 };
  });
}

/** Sells collectibles back at their published value: only units not offered in an open trade. */
export async function sell(
  deps: Deps,
  userId: number,
  itemId: number,
  quantity: number,
): Promise<SellCollectibleResponse> {
  const row = await collectibleKeyOf(deps.db, itemId);
  const drop = row?.collectible_key ? collectibleOf(row.collectible_key) : undefined;
  if (!row || !drop)
    throw badRequest(
      `itemId: ${row ? row.name : `item ${itemId}`} is not a mystery-box collectible`,
      [{ field: 'itemId', rule: 'invalid', value: String(itemId) }],
    );
  const paid = drop.value * quantity;
  return deps.db.tx(async (tx) => {
    // The units first (their row lock is where two sales of them queue), then the sale row, whose
    // id was drawn beforehand: its foreign keys would otherwise take a key-share lock on the
    // account ahead of the other sale's wait, and each posting would wait on the other's.
    const [next] = await tx.rows<{ id: number }>(
      sql`select nextval('mystery_box_sales_id_seq') as id`,
    );
    const saleId = Number(next!.id);
    const left = await items.take(
      tx,
      { userId, itemId, quantity },
      { reason: 'box_sale', refType: 'box_sale', refId: saleId },
    );
    if (left === null) {
      const held = await items.holding(tx, userId, itemId);
      throw conflict(
        held.locked > 0
          ? `You have ${held.quantity - held.locked} ${drop.name} to sell (${held.locked} offered in a trade), not ${quantity}`
          : `You have ${held.quantity} ${drop.name}, not ${quantity}`,
      );
    }
    await tx.rows(
      sql`insert into mystery_box_sales (id, user_id, item_id, quantity, paid) values (${saleId}, ${userId}, ${itemId}, ${quantity}, ${paid})`,
    );
    const balances = await ledger.post(
      tx,
      [{ userId, delta: paid, category: 'box_sale' }],
      { refType: 'box_sale', refId: saleId },
      { actorId: userId },
    );
    return {
      message: `Sold ${quantity} × ${drop.name} for ${paid}`,
      paid,
      balance: balances.get(userId) ?? 0,
      left,
    };
  });
}
