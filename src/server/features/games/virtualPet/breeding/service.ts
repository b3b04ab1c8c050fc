import { sql } from 'drizzle-orm';
import type { EggDto, EggsDto } from '../../../../../shared/games/virtualPet/contract';
import {
  speciesOf,
  STARTING_AFFECTION,
  type Rarity,
} from '../../../../../shared/games/virtualPet/catalog';
import {
  BREED_COOLDOWN_MS,
  breedChild,
  breedPrice,
  HATCH_MS,
  lowerRarity,
} from '../../../../../shared/games/virtualPet/breeding';
import type { Queryable } from '../../../../db/client';
import type { Deps } from '../../../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../../../platform/errors';
import { cancelNotice, scheduleNotice } from '../../../notifications/public';
import { virtualPet } from '../../../../../shared/games/virtualPet/meta';
import { ledger } from '../../../wallet/public';
import { nextRound } from '../../engine/public';
import { presentCritter, type CritterRow } from '../critters/presenter';
import { critterReturning, insertCritter } from '../critters/queries';
import { lockProfile } from '../profile';
import { resourcesOf } from '../resources';
import { accountsSql } from '../../../accounts/public';

interface EggRow {
  id: number;
  parent_a: number;
  parent_b: number;
  species: string;
  variant: string;
  rarity: Rarity;
  generation: number;
  traits: string[];
  round_id: number;
  hatch_at: Date | string;
  hatched_at: Date | string | null;
}

/** A text[] parameter (the sql template would spread a JavaScript array into a list). */
const textArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

const eggColumns = sql`id, parent_a, parent_b, species, variant, rarity, generation, traits, round_id, hatch_at, hatched_at`;

function presentEgg(row: EggRow, now: Date): EggDto {
  const species = speciesOf(row.species);
  const hatchAt = new Date(row.hatch_at);
  return {
    _id: String(row.id),
    hatchAt: hatchAt.toISOString(),
    ready: hatchAt.getTime() <= now.getTime(),
    child: {
      species: row.species,
      name: species?.name ?? row.species,
      emoji: species?.emoji ?? '🥚',
      variant: row.variant,
      rarity: row.rarity,
      generation: row.generation,
      traits: row.traits,
    },
    parents: [String(row.parent_a), String(row.parent_b)],
    roundId: String(row.round_id),
  };
}

export async function eggsOf(deps: Deps, userId: number): Promise<EggsDto> {
  const now = deps.clock.now();
  const rows = await deps.db.rows<EggRow>(
    sql`select ${eggColumns} from virtual_pet_eggs where user_id = ${userId} and hatched_at is null order by hatch_at, id`,
  );
  return { eggs: rows.map((r) => presentEgg(r, now)), serverTime: now.toISOString() };
}

const name = (c: CritterRow) => speciesOf(c.species)?.name ?? c.species;

/** Why this critter cannot be a parent now, or null. */
function refusal(c: CritterRow, now: Date): string | null {
  if (c.breeding_hatch_at)
    return `${name(c)} #${c.id} is breeding until its egg hatches (${new Date(c.breeding_hatch_at).toISOString()})`;
  if (c.last_hatched_at) {
    const until = new Date(c.last_hatched_at).getTime() + BREED_COOLDOWN_MS;
    if (until > now.getTime())
      return `${name(c)} #${c.id} is resting after a hatch until ${new Date(until).toISOString()}`;
  }
  return null;
}

/**
 * DESIGN.md section 8: two distinct critters of the caller, neither breeding nor resting; the
 * child is drawn now (a 'breeding' round) and kept in the egg; the price, by the child's rarity
 * (breedPrice: never below the gacha's expected cost of one), is paid in pet coins or gold
 * against the egg; both parents show the egg's hatch time until it hatches.
 */
export async function breed(
  deps: Deps,
  userId: number,
  a: number,
  b: number,
  method: 'pet' | 'gold',
) {
  if (a === b)
    throw badRequest('parentB: a critter cannot breed with itself', [
      { field: 'parentB', rule: 'distinct' },
    ]);
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const rows = await tx.rows<CritterRow>(sql`
      select id, species, variant, rarity, generation, experience, affection, traits, equipped_cosmetics, breeding_hatch_at, last_hatched_at, created_at
      from virtual_pet_critters where id in (${a}, ${b}) and user_id = ${userId} order by id for update`);
    const parentA = rows.find((r) => Number(r.id) === a);
    const parentB = rows.find((r) => Number(r.id) === b);
    if (!parentA)
      throw notFound(`parentA: you have no critter with id ${a}`, [
        { field: 'parentA', rule: 'not_found', value: String(a) },
      ]);
    if (!parentB)
      throw notFound(`parentB: you have no critter with id ${b}`, [
        { field: 'parentB', rule: 'not_found', value: String(b) },
      ]);
    for (const p of [parentA, parentB]) {
      const why = refusal(p, now);
      if (why) throw conflict(why);
    }
    const asParent = (c: CritterRow) => ({
      species: c.species,
      variant: c.variant,
      rarity: c.rarity,
      generation: c.generation,
      traits: c.traits,
    });
    const params = { a: asParent(parentA), b: asParent(parentB) };
    const round = await nextRound(tx, userId, 'breeding', (draw) => ({
      params,
      outcome: { ...breedChild(draw.serverSeed, draw.clientSeed, draw.nonce, params) },
      stake: 0,
      payout: 0,
    }));
    const child = round.record.outcome;
    const hatchAt = new Date(now.getTime() + HATCH_MS[child.rarity]);
    const currency = method === 'pet' ? 'pet_coins' : 'gold';
    // The child's rarity is the lower parent's, known before the draw; the price follows it.
    const rarity = lowerRarity(parentA.rarity, parentB.rarity);
    const cost = breedPrice(rarity);
    const price = method === 'pet' ? cost.petCoins : cost.gold;
    const [egg] = await tx.rows<EggRow>(sql`
      insert into virtual_pet_eggs (user_id, parent_a, parent_b, species, variant, rarity, generation, traits, round_id, currency, price, hatch_at)
      values (${userId}, ${a}, ${b}, ${child.species}, ${child.variant}, ${child.rarity}, ${child.generation}, ${textArray(child.traits)}, ${round.id}, ${currency}, ${price}, ${hatchAt.toISOString()})
      returning ${eggColumns}`);
    let balances: Map<number, number>;
    try {
      balances = await ledger.post(
        tx,
        [{ userId, delta: -price, category: 'breeding' }],
        { refType: 'egg', refId: egg!.id, currency },
        { actorId: userId },
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError(
          409,
          'INSUFFICIENT_FUNDS',
          `Not enough ${method === 'pet' ? 'pet coins' : 'gold'}: breeding a ${rarity} costs ${price.toLocaleString('en-US')}`,
        );
      }
      throw err;
    }
    await tx.rows(
      sql`update virtual_pet_critters set breeding_hatch_at = ${hatchAt.toISOString()} where id in (${a}, ${b})`,
    );
    await scheduleNotice(tx, {
      userId,
      key: `egg:${egg!.id}`,
      kind: 'egg_ready',
      dueAt: hatchAt,
      title: 'An egg is ready to hatch',
      body: `Your ${child.rarity} egg can hatch now.`,
      link: `/games/${virtualPet.slug}`,
    });
    const [user] = await tx.rows<{ balance: number }>(accountsSql.balanceOf(userId));
    return {
      message: `An egg! It hatches at ${hatchAt.toISOString()}`,
      egg: presentEgg(egg!, now),
      balance: method === 'gold' ? (balances.get(userId) ?? 0) : Number(user?.balance ?? 0),
      resources: await resourcesOf(tx, userId, now),
    };
  });
}

/** One conditional UPDATE hatches an egg once; the child joins, it and the parents rest a day. */
export async function hatch(deps: Deps, userId: number, eggId: number) {
  const now = deps.clock.now();
  return deps.db.tx(async (tx: Queryable) => {
    await lockProfile(tx, userId);
    const [egg] = await tx.rows<EggRow>(sql`
      update virtual_pet_eggs set hatched_at = ${now.toISOString()}
      where id = ${eggId} and user_id = ${userId} and hatched_at is null and hatch_at <= ${now.toISOString()}
      returning ${eggColumns}`);
    if (!egg) {
      const [found] = await tx.rows<EggRow>(
        sql`select ${eggColumns} from virtual_pet_eggs where id = ${eggId} and user_id = ${userId}`,
      );
      if (!found)
        throw notFound(`id: you have no egg with id ${eggId}`, [
          { field: 'id', rule: 'not_found', value: String(eggId) },
        ]);
      if (found.hatched_at) throw conflict('This egg has already hatched');
      throw conflict(
        `This egg is not ready: it hatches at ${new Date(found.hatch_at).toISOString()}`,
      );
    }
    const row = await insertCritter(tx, {
      userId,
      species: egg.species,
      variant: egg.variant,
      rarity: egg.rarity,
      affection: STARTING_AFFECTION,
      generation: egg.generation,
    });
    // The child counts as hatched now, so it rests BREED_COOLDOWN_MS before its first breeding.
    const [withTraits] = await tx.rows<CritterRow>(sql`
      update virtual_pet_critters set traits = ${textArray(egg.traits)}, last_hatched_at = ${now.toISOString()} where id = ${row.id} ${critterReturning}`);
    await tx.rows(sql`update virtual_pet_eggs set critter_id = ${row.id} where id = ${egg.id}`);
    // Hatched before its notice went out (the sweep runs every few seconds): none is needed.
    await cancelNotice(tx, userId, `egg:${egg.id}`);
    await tx.rows(
      sql`update virtual_pet_critters set breeding_hatch_at = null, last_hatched_at = ${now.toISOString()} where id in (${egg.parent_a}, ${egg.parent_b})`,
    );
    return {
      message: `${speciesOf(egg.species)?.name ?? egg.species} hatched!`,
      critter: presentCritter(withTraits ?? row),
    };
  });
}
