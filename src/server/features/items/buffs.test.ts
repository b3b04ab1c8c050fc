import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../platform/clock';
import { registerUser, useTestServer } from '../../testing/harness';
import {
  applyRewardMultiplier,
  buffState,
  BUFF_MINUTES,
  lockSlotsLuck,
  rewardPreviewer,
  spendSlotsLuck,
  startBuff,
  pickMinefieldItems,
} from './buffs';
import { giveItem, insertItem } from '../store/builders';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

async function buff(
  userId: number,
  effectType: 'reward-multiplier' | 'slots-luck',
  value: number,
  price = 100,
) {
  const item = await insertItem(server.db, { effectType, effectValue: value, price });
  return startBuff(
    server.db,
    { userId, itemId: item.id, effectType, value, itemPrice: price },
    clock.now(),
  );
}

const extraPaid = async (buffId: number) =>
  (
    await server.db.rows<{ extra_paid: number; ended_at: Date | null }>(
      sql`select extra_paid, ended_at from buffs where id = ${buffId}`,
    )
  )[0]!;

describe('reward-multiplier buffs', () => {
  it('multiply a reward, combine by product and stop at 3x', async () => {
    const user = await registerUser(server);
    expect(await applyRewardMultiplier(server.db, user.id, 100, clock.now())).toEqual({
      extra: 0,
      multiplier: 100,
      capped: false,
    });
    await buff(user.id, 'reward-multiplier', 150, 1000);
    expect(await applyRewardMultiplier(server.db, user.id, 100, clock.now())).toEqual({
      extra: 50,
      multiplier: 150,
      capped: false,
    });
    await buff(user.id, 'reward-multiplier', 200, 1000);
    // 1.5 x 2 = 3x
    expect(await applyRewardMultiplier(server.db, user.id, 100, clock.now())).toEqual({
      extra: 200,
      multiplier: 300,
      capped: false,
    });
    await buff(user.id, 'reward-multiplier', 250, 1000);
    // 1.5 x 2 x 2.5 = 7.5x, capped at 3x
    expect((await applyRewardMultiplier(server.db, user.id, 100, clock.now())).multiplier).toBe(
      300,
    );
    expect((await buffState(server.db, user.id, clock.now())).rewardMultiplier).toBe(300);
  });

  it('add at most their item price in total, then end', async () => {
    const user = await registerUser(server);
    const started = await buff(user.id, 'reward-multiplier', 200, 300);
    // Cap 300 extra coins: rewards of 250 would add 250 each at 2x.
    expect((await applyRewardMultiplier(server.db, user.id, 250, clock.now())).extra).toBe(250);
    expect((await applyRewardMultiplier(server.db, user.id, 250, clock.now())).extra).toBe(50);
    const after = await extraPaid(started.id);
    expect(after.extra_paid).toBe(300);
    expect(after.ended_at).not.toBeNull();
    expect((await applyRewardMultiplier(server.db, user.id, 250, clock.now())).extra).toBe(0);
  });

  it('preview what a reward would pay, caps included, without spending', async () => {
    const user = await registerUser(server);
    expect((await rewardPreviewer(server.db, user.id, clock.now()))(250)).toEqual({
      extra: 0,
      multiplier: 100,
      capped: false,
    });
    const started = await buff(user.id, 'reward-multiplier', 200, 300);
    const preview = await rewardPreviewer(server.db, user.id, clock.now());
    expect(preview(250)).toEqual({ extra: 250, multiplier: 200, capped: false });
    expect(preview(400)).toEqual({ extra: 300, multiplier: 200, capped: true });
    expect((await extraPaid(started.id)).extra_paid).toBe(0);
    expect(await applyRewardMultiplier(server.db, user.id, 400, clock.now())).toEqual(preview(400));
  });

  it(`last ${BUFF_MINUTES} minutes`, async () => {
    const user = await registerUser(server);
    const local = new ManualClock(clock.now());
    await startBuff(
      server.db,
      {
        userId: user.id,
        itemId: (await insertItem(server.db)).id,
        effectType: 'reward-multiplier',
        value: 200,
        itemPrice: 100,
      },
      local.now(),
    );
    local.advance(59 * 60_000 + 59_000);
    expect((await applyRewardMultiplier(server.db, user.id, 10, local.now())).extra).toBe(10);
    local.advance(1000);
    expect((await applyRewardMultiplier(server.db, user.id, 10, local.now())).extra).toBe(0);
    expect((await buffState(server.db, user.id, local.now())).rewardMultiplier).toBe(100);
  });

  it('never multiply a loss or nothing', async () => {
    const user = await registerUser(server);
    await buff(user.id, 'reward-multiplier', 200);
    expect((await applyRewardMultiplier(server.db, user.id, 0, clock.now())).extra).toBe(0);
    expect((await applyRewardMultiplier(server.db, user.id, -50, clock.now())).extra).toBe(0);
  });

  it('share the cap safely between parallel payouts', async () => {
    const user = await registerUser(server);
    const started = await buff(user.id, 'reward-multiplier', 300, 100);
    const extras = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.db.tx((tx) => applyRewardMultiplier(tx, user.id, 20, clock.now())),
      ),
    );
    expect(extras.reduce((sum, e) => sum + e.extra, 0)).toBe(100);
    expect((await extraPaid(started.id)).extra_paid).toBe(100);
  });
});

describe('slots-luck buffs', () => {
  it('add up to at most +50%', async () => {
    const user = await registerUser(server);
    await buff(user.id, 'slots-luck', 2000);
    await buff(user.id, 'slots-luck', 2500);
    expect((await buffState(server.db, user.id, clock.now())).slotsLuck).toBe(45);
    await buff(user.id, 'slots-luck', 2000);
    expect((await lockSlotsLuck(server.db, user.id, clock.now())).luck).toBe(50);
  });

  it('pay for re-spun wins only up to their item price', async () => {
    const user = await registerUser(server);
    await buff(user.id, 'slots-luck', 1000, 50);
    const { buffs } = await lockSlotsLuck(server.db, user.id, clock.now());
    expect(await spendSlotsLuck(server.db, buffs, 30, clock.now())).toBe(30);
    const again = await lockSlotsLuck(server.db, user.id, clock.now());
    expect(await spendSlotsLuck(server.db, again.buffs, 30, clock.now())).toBe(20);
    expect((await lockSlotsLuck(server.db, user.id, clock.now())).luck).toBe(0);
  });
});

describe('Minefield items', () => {
  it('take one unit of the strongest extra-safe-click and mine-reduction the user holds, never locked units', async () => {
    const user = await registerUser(server);
    const weak = await insertItem(server.db, {
      effectType: 'extra-safe-click',
      effectValue: 100,
      price: 40,
    });
    const strong = await insertItem(server.db, {
      effectType: 'extra-safe-click',
      effectValue: 200,
      price: 90,
    });
    const reduce = await insertItem(server.db, { effectType: 'mine-reduction', effectValue: 300 });
    await giveItem(server.db, user.id, weak.id, 1);
    await giveItem(server.db, user.id, strong.id, 1);
    await giveItem(server.db, user.id, reduce.id, 1);
    // A unit offered in a trade, locked by hand; released again below for the file's item audit.
    await server.db.rows(
      sql`update inventory set locked = 1 where user_id = ${user.id} and item_id = ${reduce.id}`,
    );
    const takeMinefieldItems = (q: typeof server.db, userId: number) =>
      q.tx(async (tx) => {
        const { take, ...effects } = await pickMinefieldItems(tx, userId);
        await take(0);
        return effects;
      });
    expect(await takeMinefieldItems(server.db, user.id)).toEqual({
      extraSafeClicks: 2,
      mineReduction: 0,
      safeClickItemPrice: 90,
    });
    expect(await takeMinefieldItems(server.db, user.id)).toEqual({
      extraSafeClicks: 1,
      mineReduction: 0,
      safeClickItemPrice: 40,
    });
    expect(await takeMinefieldItems(server.db, user.id)).toEqual({
      extraSafeClicks: 0,
      mineReduction: 0,
      safeClickItemPrice: 0,
    });
    await server.db.rows(
      sql`update inventory set locked = 0 where user_id = ${user.id} and item_id = ${reduce.id}`,
    );
  });
});
