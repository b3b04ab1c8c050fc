import { sql } from 'drizzle-orm';
import type { ClaimResponse, GamesUserDto } from '../../../../../shared/games/virtualPet/contract';
import {
  CLAIM_FOOD_TABLE,
  CLAIM_TOY_TABLE,
  claimTerms,
  drawClaim,
} from '../../../../../shared/games/virtualPet/claim';
import type { Deps } from '../../../../platform/deps';
import { AppError, conflict, unauthorized } from '../../../../platform/errors';
import { composedRead, jsonValue, readPart } from '../../../../platform/readParts';
import { items } from '../../../items/public';
import { itemsTable } from '../../../store/public';
import { scheduleNotice } from '../../../notifications/public';
import { virtualPet } from '../../../../../shared/games/virtualPet/meta';
import { ledger } from '../../../wallet/public';
import { nextRound } from '../../engine/public';
import { catalogItemIds } from '../catalogItems';
import { resourcesOf, resourcesPart } from '../resources';
import { accountsSql } from '../../../accounts/public';

interface GamesInventoryRow {
  quantity: number;
  item_id: number;
  name: string;
  effect_type: string | null;
  effect_value: number | null;
}

/** Spec: User (games view): the balance, the store items held, and the pet resources, in one prepared statement. */
const gamesUserRead = composedRead('games_user', {
  balance: readPart({
    expr: ({ userId }) => accountsSql.visibleBalanceOf(userId),
    decode: (value) => (value === null || value === undefined ? null : Number(value)),
  }),
  inventory: readPart({
    expr: ({ userId }) => sql`(
      select coalesce(json_agg(json_build_object('quantity', inv.quantity, 'item_id', inv.item_id,
        'name', i.name, 'effect_type', i.effect_type, 'effect_value', i.effect_value) order by inv.item_id), '[]'::json)
      from ${items.holdingsOf(userId)} inv join ${itemsTable} i on i.id = inv.item_id
      where inv.quantity > 0 and i.pet_key is null)`,
    decode: (value) =>
      jsonValue<GamesInventoryRow[]>(value, []).map((r) => ({
        quantity: r.quantity,
        item: {
          _id: String(r.item_id),
          name: r.name,
          effectType: r.effect_type,
          effectValue: r.effect_value === null ? null : r.effect_value / 100,
        },
      })),
  }),
  resources: resourcesPart,
});

export async function gamesUser(deps: Deps, userId: number): Promise<GamesUserDto> {
  const { balance, inventory, resources } = await gamesUserRead(deps.db, userId, deps.clock.now());
  if (balance === null) throw unauthorized('Your account no longer exists');
  return { id: String(userId), balance, inventory, resources };
}

const tooSoon = (nextClaim: string) =>
  new AppError(400, 'BAD_REQUEST', `Too soon: your next claim opens at ${nextClaim}`, {
    nextClaim,
  });

/**
 * The claim (DESIGN.md section 8): its time is taken by one conditional UPDATE of the user's
 * virtual_pet_profiles row (two tabs claim once), its foods and toys are drawn from the user's fair
 * stream as a 'sanctuary-claim' round, and the pet coins, shards and units are written through
 * the ledger and the items module against that round, all in one transaction.
 */
export async function claim(deps: Deps, userId: number): Promise<ClaimResponse> {
  const now = deps.clock.now();
  const ids = await catalogItemIds(deps.db);
  return deps.db.tx(async (tx) => {
    await tx.rows(
      sql`insert into virtual_pet_profiles (user_id) values (${userId}) on conflict (user_id) do nothing`,
    );
    const [held] = await tx.rows<{ n: number; traits: string[] }>(sql`
      select (select count(*) from virtual_pet_critters where user_id = ${userId})::int as n,
        coalesce((select array_agg(t) from virtual_pet_critters c cross join lateral unnest(c.traits) t where c.user_id = ${userId}), '{}') as traits`);
    const count = held?.n ?? 0;
    if (count === 0) throw conflict('Adopt a critter before claiming resources');
    const terms = claimTerms(count, held?.traits ?? []);
    const next = new Date(now.getTime() + terms.cooldownMs);
    const [claimed] = await tx.rows<{ user_id: number }>(sql`
      update virtual_pet_profiles set next_claim_at = ${next.toISOString()}, claims = claims + 1
      where user_id = ${userId} and (next_claim_at is null or next_claim_at <= ${now.toISOString()})
      returning user_id`);
    if (!claimed) {
      const [row] = await tx.rows<{ next_claim_at: Date | string }>(
        sql`select next_claim_at from virtual_pet_profiles where user_id = ${userId}`,
      );
      throw tooSoon(new Date(row?.next_claim_at ?? next).toISOString());
    }
    // The next claim's notice moves with every claim.
    await scheduleNotice(tx, {
      userId,
      key: 'pet-claim',
      kind: 'claim_ready',
      dueAt: next,
      title: 'Your sanctuary claim is ready',
      body: 'Pet coins, shards, food and toys are waiting.',
      link: `/games/${virtualPet.slug}`,
    });
    const params = {
      critters: count,
      foodDraws: terms.foodDraws,
      toyDraws: terms.toyDraws,
      foodTable: CLAIM_FOOD_TABLE,
      toyTable: CLAIM_TOY_TABLE,
      coins: terms.coins,
      shards: terms.shards,
    };
    const round = await nextRound(tx, userId, 'sanctuary-claim', (draw) => {
      const drawn = drawClaim(draw.serverSeed, draw.clientSeed, draw.nonce, params);
      return {
        params,
        outcome: { ...drawn, coins: terms.coins, shards: terms.shards },
        stake: 0,
        payout: 0,
      };
    });
    const { food, toys } = round.record.outcome;
    const moves = Object.entries({ ...food, ...toys }).map(([key, n]) => ({
      userId,
      itemId: ids.get(key) ?? -1,
      delta: n,
    }));
    if (moves.some((m) => m.itemId < 0)) throw new Error('claim: a drawn good has no items row');
    await items.move(tx, moves, { reason: 'pet_claim', refType: 'round', refId: round.id });
    const ref = { refType: 'round' as const, refId: round.id };
    await ledger.post(
      tx,
      [{ userId, delta: terms.coins, category: 'pet_claim' }],
      { ...ref, currency: 'pet_coins' },
      { actorId: userId },
    );
    await ledger.post(
      tx,
      [{ userId, delta: terms.shards, category: 'pet_claim' }],
      { ...ref, currency: 'shards' },
      { actorId: userId },
    );
    return {
      newInventory: await resourcesOf(tx, userId, now),
      coinsAdded: terms.coins,
      shardsAdded: terms.shards,
      foodAdded: food,
      toysAdded: toys,
      nextClaim: next.toISOString(),
      roundId: String(round.id),
      nonce: round.draw.nonce,
    };
  });
}
