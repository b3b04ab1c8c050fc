import { sql, type SQL } from 'drizzle-orm';
import * as items from './holdings';
import type { Queryable } from '../../db/client';
import { jsonValue, readPart } from '../../platform/readParts';
import {
  BUFF_MINUTES,
  buffExtraLimit,
  combinedRewardMultiplierHundredths,
  combinedSlotsLuck,
  rewardMultiplierExtra,
} from '../../../shared/games/engine/items';
import { itemsTable, type BuffEffectType } from '../store/public';
import type { BuffedReward } from '../../../shared/api/tasks';

/**
 * Power-ups at work (DESIGN.md section 6). Features that pay rewards call these inside the
 * transaction that pays, with the time from deps.clock: the buff rows they read are locked, so
 * two payouts at once cannot both spend the last of a buff's cap.
 */

export { BUFF_MINUTES };

export interface RunningBuff {
  id: number;
  value: number;
  extra_paid: number;
  extra_cap: number;
}

async function lockRunning(
  q: Queryable,
  userId: number,
  effectType: BuffEffectType,
  now: Date,
): Promise<RunningBuff[]> {
  return q.rows<RunningBuff>(sql`
    select id, value, extra_paid, extra_cap from buffs
    where user_id = ${userId} and effect_type = ${effectType} and ended_at is null and expires_at > ${now.toISOString()}
    order by id for update`);
}

async function readRunning(
  q: Queryable,
  userId: number,
  effectType: BuffEffectType,
  now: Date,
): Promise<RunningBuff[]> {
  return q.rows<RunningBuff>(sql`
    select id, value, extra_paid, extra_cap from buffs
    where user_id = ${userId} and effect_type = ${effectType} and ended_at is null and expires_at > ${now.toISOString()}
    order by id`);
}

export interface BuffState {
  /** Product of running reward multipliers in hundredths (100 = none), capped at 300. */
  rewardMultiplier: number;
  /** Sum of running slots-luck percents, capped at 50. */
  slotsLuck: number;
}

/** What running buffs of these values (percents of each effect, in id order) do together. */
const stateOf = (multipliers: number[], luck: number[]): BuffState => ({
  rewardMultiplier: combinedRewardMultiplierHundredths(multipliers.map((v) => v / 100)),
  slotsLuck: combinedSlotsLuck(luck.map((v) => v / 100)),
});

/** What the user's running buffs do right now, for showing (no locks). */
export async function buffState(q: Queryable, userId: number, now: Date): Promise<BuffState> {
  const [multipliers, luck] = await Promise.all([
    readRunning(q, userId, 'reward-multiplier', now),
    readRunning(q, userId, 'slots-luck', now),
  ]);
  return stateOf(
    multipliers.map((b) => b.value),
    luck.map((b) => b.value),
  );
}

/** buffState as a part of a composed read (the games progress): the running buffs' values by effect. */
export const buffStatePart = readPart({
  expr: ({ userId, now }) => sql`(
    select json_build_object(
      'multipliers', json_agg(value order by id) filter (where effect_type = 'reward-multiplier'),
      'luck', json_agg(value order by id) filter (where effect_type = 'slots-luck'))
    from buffs where user_id = ${userId} and ended_at is null and expires_at > ${now})`,
  decode: (value): BuffState => {
    const running = jsonValue<{ multipliers: number[] | null; luck: number[] | null }>(value, {
      multipliers: null,
      luck: null,
    });
    return stateOf((running.multipliers ?? []).map(Number), (running.luck ?? []).map(Number));
  },
});

/** Shares `extra` out over the buffs that earned it, each within what is left of its cap. */
function shareExtra(running: RunningBuff[], weights: number[], extra: number) {
  if (extra <= 0 || running.length === 0) return [];
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let left = extra;
  return running.map((buff, i) => {
    const share = i === running.length - 1 ? left : Math.floor((extra * weights[i]!) / totalWeight);
    const granted = Math.max(0, Math.min(share, buff.extra_cap - buff.extra_paid));
    left -= Math.min(share, left);
    return { id: buff.id, granted, ends: buff.extra_paid + granted >= buff.extra_cap };
  });
}

/** Grants `extra` as shareExtra shares it and records it (ending a buff whose cap is reached). Returns the coins granted. */
async function spendExtra(
  q: Queryable,
  running: RunningBuff[],
  weights: number[],
  extra: number,
  now: Date,
): Promise<number> {
  const grants = shareExtra(running, weights, extra);
  const paid = grants.filter((g) => g.granted > 0 || g.ends);
  if (paid.length > 0) {
    await q.rows(sql`
      update buffs b set extra_paid = b.extra_paid + g.granted,
        ended_at = case when g.ends then ${now.toISOString()}::timestamptz else b.ended_at end
      from jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) as g(id bigint, granted bigint, ends boolean)
      where b.id = g.id`);
  }
  return grants.reduce((sum, g) => sum + g.granted, 0);
}

/**
 * The coins running reward multipliers add to `amount`, a free reward of shared/games/engine/items.ts
 * BOOSTED_REWARDS (never wager winnings). Call inside the paying transaction and add the result
 * to the payout of the same posting.
 */
export async function applyRewardMultiplier(
  q: Queryable,
  userId: number,
  amount: number,
  now: Date,
): Promise<RewardPreview> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return noRewardBuff();
  const running = await lockRunning(q, userId, 'reward-multiplier', now);
  if (running.length === 0) return noRewardBuff();
  const multiplier = combinedRewardMultiplierHundredths(running.map((b) => b.value / 100));
  const wanted = rewardMultiplierExtra(amount, multiplier);
  const extra = await spendExtra(
    q,
    running,
    running.map((b) => b.value - 100),
    wanted,
    now,
  );
  return { extra, multiplier, capped: extra < wanted };
}

export interface RewardPreview {
  /** Coins the running reward buffs would add, within what is left of each buff's cap. */
  extra: number;
  /** Their combined multiplier in hundredths (100 = none). */
  multiplier: number;
  /** True when a buff's cap holds the extra below reward x (multiplier - 1). */
  capped: boolean;
}

export const noRewardBuff = (): RewardPreview => ({ extra: 0, multiplier: 100, capped: false });

/** A reward card's buffed figure (null when the buffs add nothing), for the presenters. */
export const presentBuffedReward = (reward: number, boost: RewardPreview): BuffedReward =>
  boost.extra > 0
    ? { amount: reward + boost.extra, multiplier: boost.multiplier, capped: boost.capped }
    : null;

/**
 * What applyRewardMultiplier would add to a free reward right now, for a page to show the
 * reward a claim pays: the same multiplier and cap sharing, read without locks and without
 * spending. One read serves every reward on the page.
 */
export async function rewardPreviewer(
  q: Queryable,
  userId: number,
  now: Date,
): Promise<(amount: number) => RewardPreview> {
  return rewardPreviewFrom(await readRunning(q, userId, 'reward-multiplier', now));
}

/** rewardPreviewer over running reward buffs already read (runningBuffsJson). */
export function rewardPreviewFrom(running: RunningBuff[]): (amount: number) => RewardPreview {
  const multiplier =
    running.length === 0
      ? 100
      : combinedRewardMultiplierHundredths(running.map((b) => b.value / 100));
  return (amount) => {
    const wanted = rewardMultiplierExtra(amount, multiplier);
    const extra = shareExtra(
      running,
      running.map((b) => b.value - 100),
      wanted,
    ).reduce((sum, g) => sum + g.granted, 0);
    return { extra, multiplier, capped: extra < wanted };
  };
}

/**
 * A user's buffs running at `now` whose effect_type equals `effect` (a literal or an any(...)),
 * as a FROM item aliased b with its WHERE, for the hot statements' EXISTS and scalar lookups:
 * `exists (select 1 from ${runningBuffRows(...)})` is the statement it was.
 */
export const runningBuffRows = (userId: unknown, effect: SQL, now: unknown): SQL =>
  sql`buffs b where b.user_id = ${userId} and b.effect_type = ${effect}
        and b.ended_at is null and b.expires_at > ${now}`;

/** A user's buffs of any effect running at `now` (id, item_id, effect_type, value, started_at, expires_at), as a FROM item. */
export const runningBuffsAt = (userId: unknown, now: unknown): SQL =>
  sql`(select id, item_id, effect_type, value, started_at, expires_at from buffs where user_id = ${userId} and ended_at is null and expires_at > ${now})`;

/**
 * The user's running buffs of one effect as a JSON array of RunningBuff (a scalar subquery), so
 * a page that shows rewards reads them in the same statement as the rest of its figures.
 */
export const runningBuffsJson = (
  userId: unknown,
  effectType: BuffEffectType,
  now: unknown,
): SQL => sql`(
    select coalesce(json_agg(json_build_object('id', id, 'value', value, 'extra_paid', extra_paid, 'extra_cap', extra_cap) order by id), '[]'::json)
    from buffs where user_id = ${userId} and effect_type = ${effectType} and ended_at is null and expires_at > ${now}::timestamptz)`;

/** The luck percent to play a slots spin with, locking the buffs that give it. */
export async function lockSlotsLuck(
  q: Queryable,
  userId: number,
  now: Date,
): Promise<{ luck: number; buffs: RunningBuff[] }> {
  const running = await lockRunning(q, userId, 'slots-luck', now);
  return { luck: combinedSlotsLuck(running.map((b) => b.value / 100)), buffs: running };
}

/**
 * A luck re-spin turned a loss into `won` coins: the luck buffs pay for that within their caps.
 * Returns how many of those coins may be paid (the rest are the buffs' cap at work).
 */
export async function spendSlotsLuck(
  q: Queryable,
  luckBuffs: RunningBuff[],
  won: number,
  now: Date,
): Promise<number> {
  return spendExtra(
    q,
    luckBuffs,
    luckBuffs.map((b) => b.value),
    won,
    now,
  );
}

/** Starts a buff from an item being used (the caller has taken the unit out of the inventory). */
export async function startBuff(
  q: Queryable,
  input: {
    userId: number;
    itemId: number;
    effectType: BuffEffectType;
    value: number;
    itemPrice: number;
  },
  now: Date,
): Promise<{ id: number; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + BUFF_MINUTES * 60_000);
  const [row] = await q.rows<{ id: number }>(sql`
    insert into buffs (user_id, item_id, effect_type, value, started_at, expires_at, extra_cap)
    values (${input.userId}, ${input.itemId}, ${input.effectType}, ${input.value}, ${now.toISOString()}, ${expiresAt.toISOString()},
      ${buffExtraLimit(input.itemPrice)})
    returning id`);
  if (!row) throw new Error('startBuff: insert returned nothing');
  return { id: row.id, expiresAt };
}

export interface MinefieldItems {
  extraSafeClicks: number;
  mineReduction: number;
  /** Price of the extra-safe-click item consumed, which caps a saved game's payout. */
  safeClickItemPrice: number;
}

/**
 * Whether the user holds an unlocked unit that pickMinefieldItems would pick: read, not locked,
 * by the one-statement start, which leaves a player holding one to the locked path. A scalar
 * subquery rather than an EXISTS: the seed read asks it of many players in one statement, where
 * PostgreSQL may hash an EXISTS over every holding.
 */
export function minefieldItemsHeld(userId: SQL): SQL {
  return sql`coalesce((select true from inventory inv join ${itemsTable} it on it.id = inv.item_id
      where inv.user_id = ${userId} and inv.quantity - inv.locked >= 1 and it.effect_type in ('extra-safe-click', 'mine-reduction')
      limit 1), false)`;
}

/**
 * DESIGN.md section 6: a Minefield game started while the user holds extra-safe-click or
 * mine-reduction items consumes one unit of each (the strongest, unlocked units only) and
 * applies its value. Runs in the game's starting transaction: this picks and locks the units
 * and tells their effect, which the board needs; `take` consumes them once the game's round
 * exists, for their movements to name it.
 */
export async function pickMinefieldItems(
  q: Queryable,
  userId: number,
): Promise<MinefieldItems & { take: (roundId: number) => Promise<void> }> {
  // Locked here, so the later take by key cannot find them gone.
  const candidates = await q.rows<{
    item_id: number;
    effect_type: 'extra-safe-click' | 'mine-reduction';
    value: number;
    price: number;
  }>(sql`
    select inv.item_id, i.effect_type, i.effect_value as value, i.price
    from inventory inv join ${itemsTable} i on i.id = inv.item_id
    where inv.user_id = ${userId} and inv.quantity - inv.locked >= 1
      and i.effect_type in ('extra-safe-click', 'mine-reduction')
    order by inv.item_id
    for update of inv`);
  const strongest = new Map<string, (typeof candidates)[number]>();
  for (const c of candidates) {
    const best = strongest.get(c.effect_type);
    if (!best || c.value > best.value) strongest.set(c.effect_type, c);
  }
  const picked = [...strongest.values()];
  const of = (type: string) => picked.find((t) => t.effect_type === type);
  return {
    extraSafeClicks: Math.floor((of('extra-safe-click')?.value ?? 0) / 100),
    mineReduction: Math.floor((of('mine-reduction')?.value ?? 0) / 100),
    safeClickItemPrice: of('extra-safe-click')?.price ?? 0,
    take: async (roundId) => {
      for (const pick of picked) {
        const left = await items.take(
          q,
          { userId, itemId: pick.item_id, quantity: 1 },
          { reason: 'game', refType: 'round', refId: roundId },
        );
        if (left === null)
          throw new Error(`pickMinefieldItems: item ${pick.item_id} vanished while locked`);
      }
    },
  };
}
