import { describe, expect, it } from 'vitest';
import { FairStream } from '../engine/fairness';
import {
  BEST_COINS_PER_ENERGY,
  BOARD_CELLS,
  CHAIN_KEYS,
  CHAINS,
  DAY_MS,
  deliver,
  embodiedEnergy,
  emptyCells,
  ENERGY_MAX,
  ENERGY_PER_DAY,
  ENERGY_REGEN_MS,
  initialState,
  MAX_COINS_PER_DAY,
  MAX_TIER,
  maxLifetimeCoins,
  merge,
  mergeLabRound,
  move,
  nextEnergyAt,
  nextOrder,
  ORDER_CLIENT_SEED,
  ORDER_SEED,
  ORDER_SLOTS,
  ORDER_TIERS,
  orderPayout,
  PAYOUT_TABLE,
  sell,
  sellPayout,
  settleEnergy,
  tap,
  tapDraw,
  type ChainKey,
  type MergeItem,
  type MergeLabState,
} from './rules';
import { seededRandom, seededServerSeeds } from '../engine/testing';

const T0 = 1_700_000_000_123;
const [SEED] = seededServerSeeds(2401, 1) as [string];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A state with these items placed, for the action tests. */
function withItems(
  items: Record<number, MergeItem>,
  patch: Partial<MergeLabState> = {},
): MergeLabState {
  const state = initialState(T0);
  const board = state.board.slice();
  for (const [cell, item] of Object.entries(items)) board[Number(cell)] = item;
  return { ...state, board, ...patch };
}

const item = (c: ChainKey, t: number): MergeItem => ({ c, t });

describe('the published tables', () => {
  it('three chains of eight named tiers on a 6x7 board', () => {
    expect(BOARD_CELLS).toBe(42);
    expect(CHAINS.map((c) => c.key)).toEqual([...CHAIN_KEYS]);
    for (const chain of CHAINS) {
      expect(chain.tiers).toHaveLength(MAX_TIER);
      expect(new Set(chain.tiers.map((t) => t.name)).size).toBe(MAX_TIER);
      for (const tier of chain.tiers) expect(tier.emoji.length).toBeGreaterThan(0);
    }
  });

  it('orders pay 0.5 coin per embodied energy for tiers 3-8; sales a tenth, floored', () => {
    expect(PAYOUT_TABLE.map((r) => [r.tier, r.energy, r.order, r.sell])).toEqual([
      [1, 1, null, 0],
      [2, 2, null, 0],
      [3, 4, 2, 0],
      [4, 8, 4, 0],
      [5, 16, 8, 1],
      [6, 32, 16, 3],
      [7, 64, 32, 6],
      [8, 128, 64, 12],
    ]);
  });

  it('no order or sale pays more than 0.5 coin per embodied energy', () => {
    for (let tier = -1; tier <= MAX_TIER + 2; tier++) {
      const energy = Math.max(1, embodiedEnergy(tier));
      expect(orderPayout(tier) / energy).toBeLessThanOrEqual(0.5);
      expect(sellPayout(tier) / energy).toBeLessThanOrEqual(0.5);
    }
    for (let n = 0; n < 5_000; n++) {
      const order = nextOrder(n);
      expect(orderPayout(order.t)).toBe(0.5 * embodiedEnergy(order.t));
    }
    expect(BEST_COINS_PER_ENERGY).toBe(0.5);
  });

  it('caps income at 720 energy a day x 0.5 = 360 coins', () => {
    expect(ENERGY_PER_DAY).toBe(720);
    expect(MAX_COINS_PER_DAY).toBe(ENERGY_PER_DAY * BEST_COINS_PER_ENERGY);
    expect(MAX_COINS_PER_DAY).toBe(360);
    expect(maxLifetimeCoins(0)).toBe(50);
    expect(maxLifetimeCoins(DAY_MS)).toBe(50 + 360);
  });
});

/** The reference: a per-second ticker, as a naive server loop would run it. */
function tickEnergy(
  energy: number,
  timer: number,
  from: number,
  to: number,
): { energy: number; timer: number } {
  for (let t = from + 1000; t <= to; t += 1000) {
    if (energy < ENERGY_MAX && t - timer >= ENERGY_REGEN_MS) {
      energy++;
      timer += ENERGY_REGEN_MS;
    }
    if (energy >= ENERGY_MAX) timer = t;
  }
  return { energy, timer };
}

describe('energy', () => {
  it('settled in closed form matches a per-second simulation over random waits and spends', () => {
    const random = seededRandom(2402);
    for (let run = 0; run < 200; run++) {
      let state: MergeLabState = { ...initialState(T0), energy: random.below(ENERGY_MAX + 1) };
      let ref = { energy: state.energy, timer: T0 };
      let now = T0;
      for (let step = 0; step < 12; step++) {
        const scale = [10, 200, 3_600, 18_000][random.below(4)]!;
        const wait = 1000 * random.below(scale);
        ref = tickEnergy(ref.energy, ref.timer, now, now + wait);
        now += wait;
        state = settleEnergy(state, now);
        expect({ energy: state.energy, energyAt: state.energyAt }).toEqual({
          energy: ref.energy,
          energyAt: ref.timer,
        });
        const spend = random.below(state.energy + 1);
        state = { ...state, energy: state.energy - spend };
        ref = { ...ref, energy: ref.energy - spend };
      }
    }
  });

  it('settling twice, or at any time in between, equals settling once', () => {
    const random = seededRandom(2403);
    for (let run = 0; run < 2_000; run++) {
      const state: MergeLabState = { ...initialState(T0), energy: random.below(ENERGY_MAX + 1) };
      const t2 = T0 + random.below(10 * 3_600_000);
      const t1 = T0 + random.below(t2 - T0 + 1);
      const once = settleEnergy(state, t2);
      expect(settleEnergy(once, t2)).toEqual(once);
      expect(settleEnergy(settleEnergy(state, t1), t2)).toEqual(once);
    }
  });

  it('stops at 100, gains nothing while full, and ignores a clock that steps back', () => {
    const empty: MergeLabState = { ...initialState(T0), energy: 0 };
    expect(settleEnergy(empty, T0 + 99 * ENERGY_REGEN_MS + 1).energy).toBe(99);
    expect(settleEnergy(empty, T0 + 100 * ENERGY_REGEN_MS).energy).toBe(100);
    const week = settleEnergy(empty, T0 + 7 * DAY_MS);
    expect(week).toMatchObject({ energy: ENERGY_MAX, energyAt: T0 + 7 * DAY_MS });
    // Spending from a full bar starts a fresh period: no stored progress from the full time.
    const spent = { ...week, energy: ENERGY_MAX - 1 };
    expect(settleEnergy(spent, week.energyAt + ENERGY_REGEN_MS - 1).energy).toBe(ENERGY_MAX - 1);
    expect(settleEnergy(spent, week.energyAt + ENERGY_REGEN_MS).energy).toBe(ENERGY_MAX);
    const half = settleEnergy(empty, T0 + 30 * ENERGY_REGEN_MS + 5);
    expect(settleEnergy(half, T0)).toBe(half);
    expect(() => settleEnergy(empty, Number.NaN)).toThrow(RangeError);
  });

  it('tells the page when the next point arrives, carrying the part-period', () => {
    const state: MergeLabState = { ...initialState(T0), energy: 10 };
    expect(nextEnergyAt(state, T0)).toBe(T0 + ENERGY_REGEN_MS);
    expect(nextEnergyAt(state, T0 + 2.5 * ENERGY_REGEN_MS)).toBe(T0 + 3 * ENERGY_REGEN_MS);
    expect(nextEnergyAt(initialState(T0), T0 + 5)).toBeNull();
  });
});

describe('the generator', () => {
  it('draws the chain from float 0 and an empty cell from float 1 of the round', () => {
    const random = seededRandom(2404);
    const seen = new Set<string>();
    for (let nonce = 0; nonce < 500; nonce++) {
      const cells = Array.from({ length: BOARD_CELLS }, (_, i) => i).filter(
        () => random.below(3) === 0,
      );
      if (cells.length === 0) cells.push(random.below(BOARD_CELLS));
      const draw = tapDraw(SEED, 'client', nonce, { emptyCells: cells });
      expect(cells).toContain(draw.cell);
      expect(tapDraw(SEED, 'client', nonce, { emptyCells: cells })).toEqual(draw);
      const stream = new FairStream(SEED, 'client', nonce);
      expect(draw.chain).toBe(CHAIN_KEYS[stream.nextIndex(3)]);
      expect(draw.cell).toBe(cells[stream.nextIndex(cells.length)]);
      seen.add(draw.chain);
    }
    expect(seen.size).toBe(3);
  });

  it('refuses a cell list the server could not have sent', () => {
    for (const emptyCells of [[], [3, 3], [5, 2], [42], [-1], [1.5], 'all', [null]]) {
      expect(() => tapDraw(SEED, 'client', 0, { emptyCells })).toThrow(RangeError);
    }
    expect(() => tapDraw('nope', 'client', 0, { emptyCells: [1] })).toThrow(RangeError);
  });

  it('is the verifiable round: replay equals the draw, in words without gaps', () => {
    expect(mergeLabRound.game).toBe('merge-lab');
    expect(mergeLabRound.label).toBe('Merge Lab generator');
    expect(mergeLabRound.paidFrom).toBe('taps pay nothing; orders pay for delivered items');
    for (let nonce = 0; nonce < 30; nonce++) {
      const params = { emptyCells: [0, 7, 20, 41] };
      const replay = mergeLabRound.replay(SEED, 'client', nonce, params);
      expect(replay).toEqual(tapDraw(SEED, 'client', nonce, params));
      const text = mergeLabRound.describe(replay, params);
      expect(text).not.toMatch(/undefined|\?|\[object/);
      expect(mergeLabRound.summary({ params, outcome: replay, state: 'settled' })).not.toMatch(
        /undefined|\?/,
      );
    }
    expect(mergeLabRound.describe({ chain: 'plant', cell: 13 }, { emptyCells: [13, 14] })).toBe(
      '🌰 Acorn (plants, tier 1) in cell 13 (row 3, column 2) of 2 empty',
    );
    const example = mergeLabRound.replay(SEED, 'c', 0, mergeLabRound.example);
    expect(example.cell).toBeGreaterThanOrEqual(0);
  });

  it('a tap spends a point, drops a tier-1 item where the round says, and counts', () => {
    const start = withItems({ 0: item('potion', 2) }, { energy: 5 });
    const round = { serverSeed: SEED, clientSeed: 'c', nonce: 9 };
    const { state, draw, params } = tap(deepFreeze(start), T0, round);
    expect(params.emptyCells).toEqual(emptyCells(start.board));
    expect(params.emptyCells).not.toContain(0);
    expect(draw).toEqual(tapDraw(SEED, 'c', 9, params));
    expect(state.board[draw.cell]).toEqual({ c: draw.chain, t: 1 });
    expect(state.energy).toBe(4);
    expect(state.taps).toBe(1);
    // It settles first: an empty bar an hour ago has points by now.
    const later = tap({ ...start, energy: 0 }, T0 + 3_600_000, round).state;
    expect(later.energy).toBe(30 - 1);
  });

  it('refuses a tap with no energy or a full board, changing nothing', () => {
    const round = { serverSeed: SEED, clientSeed: 'c', nonce: 0 };
    const tired = deepFreeze({ ...initialState(T0), energy: 0 });
    const before = JSON.stringify(tired);
    expect(() => tap(tired, T0 + ENERGY_REGEN_MS - 1, round)).toThrow('Not enough energy');
    const fullBoard = Object.fromEntries(
      Array.from({ length: BOARD_CELLS }, (_, i) => [i, item(CHAIN_KEYS[i % 3]!, 1 + (i % 8))]),
    );
    const full = deepFreeze(withItems(fullBoard));
    const fullBefore = JSON.stringify(full);
    expect(() => tap(full, T0, round)).toThrow('The board is full');
    expect(JSON.stringify(tired)).toBe(before);
    expect(JSON.stringify(full)).toBe(fullBefore);
  });
});

describe('merge and move', () => {
  it('merges two identical items into the next tier in the target cell', () => {
    const state = deepFreeze(withItems({ 3: item('crystal', 4), 17: item('crystal', 4) }));
    const merged = merge(state, 3, 17);
    expect(merged.board[3]).toBeNull();
    expect(merged.board[17]).toEqual(item('crystal', 5));
    expect(merged.board.filter(Boolean)).toHaveLength(1);
    // Embodied energy is conserved: 2 x 8 = 16.
    expect(embodiedEnergy(5)).toBe(2 * embodiedEnergy(4));
  });

  it('moves an item to an empty cell', () => {
    const state = deepFreeze(withItems({ 5: item('plant', 2) }));
    const moved = move(state, 5, 41);
    expect(moved.board[5]).toBeNull();
    expect(moved.board[41]).toEqual(item('plant', 2));
  });

  it('refuses every forged action with a readable reason and changes nothing', () => {
    const state = deepFreeze(
      withItems({
        0: item('potion', 3),
        1: item('potion', 4),
        2: item('crystal', 3),
        3: item('potion', 8),
        4: item('potion', 8),
        5: item('plant', 1),
      }),
    );
    const before = JSON.stringify(state);
    const bad = (n: unknown): number => n as number;
    const cases: [() => unknown, string][] = [
      [() => merge(state, 0, 1), 'Those two are not the same item'],
      [() => merge(state, 0, 2), 'Those two are not the same item'],
      [() => merge(state, 0, 10), 'That cell is empty'],
      [() => merge(state, 10, 0), 'That cell is empty'],
      [() => merge(state, 3, 4), 'Tier 8 is the highest'],
      [() => merge(state, 0, 0), 'Pick two different cells'],
      [() => merge(state, -1, 0), 'No such cell'],
      [() => merge(state, 0, 42), 'No such cell'],
      [() => merge(state, 0.5, 0), 'No such cell'],
      [() => merge(state, bad('0'), 1), 'No such cell'],
      [() => merge(state, Number.NaN, 1), 'No such cell'],
      [() => move(state, 0, 1), 'That cell is taken'],
      [() => move(state, 0, 2), 'That cell is taken'],
      [() => move(state, 10, 11), 'That cell is empty'],
      [() => move(state, 5, 5), 'Pick two different cells'],
      [() => move(state, 5, 42), 'No such cell'],
      [() => move(state, bad(null), 6), 'No such cell'],
      [() => sell(state, 12, T0), 'That cell is empty'],
      [() => sell(state, 99, T0), 'No such cell'],
    ];
    for (const [action, message] of cases) {
      expect(action).toThrow(RangeError);
      expect(action).toThrow(message);
    }
    expect(JSON.stringify(state)).toBe(before);
  });
});

describe('orders', () => {
  it('come from a published sequence: the order fairness stream, chains and tiers 3-6', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 600; n++) {
      const order = nextOrder(n);
      expect(nextOrder(n)).toEqual(order);
      const stream = new FairStream(ORDER_SEED, ORDER_CLIENT_SEED, n);
      expect(order).toEqual({
        c: CHAIN_KEYS[stream.nextIndex(3)],
        t: ORDER_TIERS[stream.nextIndex(ORDER_TIERS.length)],
      });
      seen.add(`${order.c}${order.t}`);
    }
    expect(seen.size).toBe(3 * ORDER_TIERS.length);
    expect(() => nextOrder(-1)).toThrow(RangeError);
    const fresh = initialState(T0);
    expect(fresh.orders).toEqual([nextOrder(0), nextOrder(1), nextOrder(2)]);
    expect(fresh.orderCounter).toBe(ORDER_SLOTS);
  });

  it('deliver takes exactly the asked item, pays per the table and draws the next order', () => {
    const base = initialState(T0);
    const order = base.orders[1]!;
    const state = deepFreeze(withItems({ 8: item(order.c, order.t) }));
    const { state: after, coins } = deliver(state, 1, 8, T0);
    expect(coins).toBe(orderPayout(order.t));
    expect(after.coinsEarned).toBe(coins);
    expect(after.board[8]).toBeNull();
    expect(after.orders).toEqual([base.orders[0], nextOrder(ORDER_SLOTS), base.orders[2]]);
    expect(after.orderCounter).toBe(ORDER_SLOTS + 1);
  });

  it('deliver refuses a wrong item, an empty cell or a missing order, changing nothing', () => {
    const order = initialState(T0).orders[0]!;
    const otherChain = CHAIN_KEYS.find((c) => c !== order.c)!;
    const state = deepFreeze(
      withItems({
        0: item(otherChain, order.t),
        1: item(order.c, order.t + 1),
        2: item(order.c, order.t - 1),
        3: item(order.c, order.t),
      }),
    );
    const before = JSON.stringify(state);
    for (const cell of [0, 1, 2])
      expect(() => deliver(state, 0, cell, T0)).toThrow('That is not what this order asks for');
    expect(() => deliver(state, 0, 9, T0)).toThrow('That cell is empty');
    expect(() => deliver(state, 0, 42, T0)).toThrow('No such cell');
    for (const index of [-1, 3, 0.5, Number.NaN])
      expect(() => deliver(state, index, 3, T0)).toThrow('No such order');
    expect(JSON.stringify(state)).toBe(before);
    expect(deliver(state, 0, 3, T0).coins).toBe(orderPayout(order.t));
  });

  it('sell pays the table and clears the cell', () => {
    const state = deepFreeze(withItems({ 4: item('plant', 7), 5: item('plant', 2) }));
    expect(sell(state, 4, T0)).toMatchObject({ coins: 6, state: { coinsEarned: 6 } });
    expect(sell(state, 5, T0).coins).toBe(0);
    expect(sell(state, 5, T0).state.board[5]).toBeNull();
  });

  it('the state survives JSON unchanged', () => {
    const state = withItems({ 0: item('potion', 1) });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
