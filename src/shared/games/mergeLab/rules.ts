// Merge Lab (DESIGN.md section 9): the rules as pure functions of a JSON state, so the server
// checks every intent with them and the page animates the same numbers between requests.
// The only random draw, the generator's drop, is a provably fair round (mergeLabRound below).
//
// Why income is bounded: energy is the only thing that enters the game (1 per tap, 720 a day
// from regeneration), a tier-k item embodies 2^(k-1) of it (a merge conserves it: 2 x 2^(k-1)
// = 2^k), and every coin leaves through delivering or selling an item at no more than
// BEST_COINS_PER_ENERGY per embodied energy. So coins <= 0.5 x energy ever spent.
import { FairStream, sha256Hex } from '../engine/fairness';
import { defineRoundGame, numberList } from '../engine/roundGame';

export const BOARD_COLS = 6;
export const BOARD_ROWS = 7;
export const BOARD_CELLS = BOARD_COLS * BOARD_ROWS;
export const MAX_TIER = 8;

export const ENERGY_MAX = 100;
/**
 * A new account starts with a full bar, so the first visit is play, not waiting.
 * @alias the same number as ENERGY_MAX by choice, not by definition
 */
export const ENERGY_START = ENERGY_MAX;
export const ENERGY_REGEN_MS = 2 * 60_000;
export const TAP_ENERGY = 1;
export const DAY_MS = 24 * 60 * 60_000;
export const ENERGY_PER_DAY = DAY_MS / ENERGY_REGEN_MS;

/** Orders pay this many coins per embodied energy; raising it above 0.5 breaks the published cap. */
export const ORDER_COINS_PER_ENERGY = 0.5;
/** Selling is a way to clear the board, not to earn: a fifth of what an order pays. */
export const SELL_COINS_PER_ENERGY = 0.1;
export const ORDER_SLOTS = 3;
/** The tiers an order may ask for: 3 takes 4 taps, 6 takes 32, so a card is never hours away. */
export const ORDER_TIERS = [3, 4, 5, 6] as const;

export const CHAIN_KEYS = ['potion', 'crystal', 'plant'] as const;
export type ChainKey = (typeof CHAIN_KEYS)[number];

export interface TierInfo {
  name: string;
  emoji: string;
}

export interface Chain {
  key: ChainKey;
  name: string;
  emoji: string;
  /** Index 0 is tier 1. */
  tiers: readonly TierInfo[];
}

const t = (emoji: string, name: string): TierInfo => ({ name, emoji });

export const CHAINS: readonly Chain[] = [
  {
    key: 'potion',
    name: 'Potions',
    emoji: '🧪',
    tiers: [
      t('💧', 'Dewdrop'),
      t('🧪', 'Fizzy Vial'),
      t('⚗️', 'Bubbling Flask'),
      t('🍵', 'Glow Tonic'),
      t('🌙', 'Moonlight Elixir'),
      t('🐉', 'Dragon Draught'),
      t('🔥', 'Phoenix Brew'),
      t('🏺', "Philosopher's Potion"),
    ],
  },
  {
    key: 'crystal',
    name: 'Crystals',
    emoji: '💎',
    tiers: [
      t('✨', 'Sparkle Dust'),
      t('🔹', 'Glass Shard'),
      t('🔷', 'Prism'),
      t('💠', 'Geode'),
      t('💎', 'Diamond'),
      t('🔮', 'Seer Orb'),
      t('👑', 'Crown Jewel'),
      t('🌟', 'Star Core'),
    ],
  },
  {
    key: 'plant',
    name: 'Plants',
    emoji: '🌱',
    tiers: [
      t('🌰', 'Acorn'),
      t('🌱', 'Sprout'),
      t('🌿', 'Herb Bundle'),
      t('🪴', 'Potted Fern'),
      t('🌷', 'Tulip'),
      t('🌻', 'Sunflower'),
      t('🌳', 'Old Oak'),
      t('🌸', 'World Blossom'),
    ],
  },
];

/** A board cell's content; short keys because 42 of them are stored per player. */
export interface MergeItem {
  c: ChainKey;
  t: number;
}

/** An order card asks for exactly one item; what it pays follows from the tier (orderPayout). */
export type MergeOrder = MergeItem;

export interface MergeLabState {
  /** BOARD_CELLS entries, index = row x BOARD_COLS + column. */
  board: (MergeItem | null)[];
  energy: number;
  /**
   * When energy was last settled, minus the progress towards the next point (a whole number
   * of regeneration periods is consumed each settle, the remainder stays in the gap), so
   * settling twice equals settling once. At a full bar it is the settle time: no progress
   * accumulates while full.
   */
  energyAt: number;
  orders: MergeOrder[];
  /** The number in the order sequence of the next order to be drawn. */
  orderCounter: number;
  taps: number;
  coinsEarned: number;
  /** The UTC day (utcDay) paidToday counts; states stored before the cap read as 0. */
  paidDay: number;
  /** Coins paid on paidDay, orders and sales together: what MERGE_LAB_DAILY_CAP bounds. */
  paidToday: number;
}

export const chainOf = (key: ChainKey): Chain => CHAINS.find((ch) => ch.key === key) ?? CHAINS[0]!;

export const itemInfo = (item: MergeItem): TierInfo =>
  chainOf(item.c).tiers[item.t - 1] ?? { name: 'Unknown', emoji: '❔' };

/** Energy that went into an item: two of tier k make one of tier k+1. */
export const embodiedEnergy = (tier: number): number => 2 ** (tier - 1);

/** The tiers the published order table covers; orders are drawn from ORDER_TIERS within it. */
const ORDER_TABLE_MIN_TIER = 3;

/** Coins a delivered order for a tier pays (tiers 3-8); 0 outside the table. */
export const orderPayout = (tier: number): number =>
  Number.isInteger(tier) && tier >= ORDER_TABLE_MIN_TIER && tier <= MAX_TIER
    ? Math.round(ORDER_COINS_PER_ENERGY * embodiedEnergy(tier))
    : 0;

/** Coins a sold item pays: floor, so tiers 1-4 sell for nothing and clearing them is free. */
export const sellPayout = (tier: number): number =>
  tier >= 1 && tier <= MAX_TIER ? Math.floor(SELL_COINS_PER_ENERGY * embodiedEnergy(tier)) : 0;

export interface PayoutRow {
  tier: number;
  energy: number;
  /** null below tier 3: no order asks for so little. */
  order: number | null;
  sell: number;
}

/** The published economy, tiers 1-8: what each item cost in energy and what it pays. */
export const PAYOUT_TABLE: readonly PayoutRow[] = Array.from({ length: MAX_TIER }, (_, i) => {
  const tier = i + 1;
  return {
    tier,
    energy: embodiedEnergy(tier),
    order: tier >= ORDER_TABLE_MIN_TIER ? orderPayout(tier) : null,
    sell: sellPayout(tier),
  };
});

/** The most any delivery or sale pays per embodied energy, computed from the table that pays. */
export const BEST_COINS_PER_ENERGY = Math.max(
  ...PAYOUT_TABLE.map((r) => Math.max(r.order ?? 0, r.sell) / r.energy),
);

/** The long-run daily cap: all regenerated energy turned into coins at the best rate. */
export const MAX_COINS_PER_DAY = ENERGY_PER_DAY * BEST_COINS_PER_ENERGY;

/**
 * The published cap (issue 34): at most this many coins in one UTC day, orders and sales
 * together, counted in the stored state. The energy bound alone let a day beat it (the starting
 * bar made day one 410, and items banked on earlier days could all be cashed in one day), so it
 * is enforced: a delivery or sale that would pass it is refused and its item stays on the board
 * for the next day. It equals the long-run bound, so steady play never loses anything to it.
 * @alias the enforced cap, named apart from the bound it equals
 */
export const MERGE_LAB_DAILY_CAP = MAX_COINS_PER_DAY;

/** The UTC day a time falls in, as whole days since 1970-01-01: the cap's counting period. */
export const utcDay = (nowMs: number): number => Math.floor(nowMs / DAY_MS);

/** Coins paid so far in the UTC day of nowMs. */
export const paidToday = (
  state: Pick<MergeLabState, 'paidDay' | 'paidToday'>,
  nowMs: number,
): number => (state.paidDay === utcDay(nowMs) ? state.paidToday : 0);

/** The cap's words for a payment it refuses, the same on the server and the page. */
export const dailyCapRefusal = (paid: number, coins: number, what: 'order' | 'sale'): string =>
  `Merge Lab pays at most ${MERGE_LAB_DAILY_CAP} coins a day (UTC): ${paid} paid today, and this ${what} pays ${coins}. ` +
  `The item stays on your board; ${what === 'order' ? 'deliver' : 'sell'} it after 00:00 UTC.`;

/** The cap as /fairness states it. */
export const mergeLabDailyCapRule = (): { coins: number; rule: string } => ({
  coins: MERGE_LAB_DAILY_CAP,
  rule:
    `At most ${MERGE_LAB_DAILY_CAP} coins a UTC day, orders and sales together, counted by the server: a delivery or sale that would pass it ` +
    `is refused and the item stays on the board for the next day. ${ENERGY_PER_DAY} energy a day at ${BEST_COINS_PER_ENERGY} coin per energy is the same figure, ` +
    'so steady play never reaches it.',
});

/**
 * The exact cap since the account began: the starting bar plus every point regenerated since.
 * A single day can beat MAX_COINS_PER_DAY by cashing in items banked on earlier days; this cannot be beaten.
 */
export const maxLifetimeCoins = (elapsedMs: number): number =>
  BEST_COINS_PER_ENERGY * (ENERGY_START + Math.floor(Math.max(0, elapsedMs) / ENERGY_REGEN_MS));

// ---------------------------------------------------------------- energy

function assertTime(nowMs: number): void {
  if (!Number.isFinite(nowMs)) throw new RangeError('time must be a finite number of milliseconds');
}

/** Energy at nowMs, in closed form: whole periods since energyAt, up to the cap. */
export function settleEnergy(state: MergeLabState, nowMs: number): MergeLabState {
  assertTime(nowMs);
  // A clock that steps back must neither refund nor take away progress.
  if (nowMs <= state.energyAt) return state;
  if (state.energy >= ENERGY_MAX) return { ...state, energyAt: nowMs };
  const gained = Math.floor((nowMs - state.energyAt) / ENERGY_REGEN_MS);
  if (state.energy + gained >= ENERGY_MAX) return { ...state, energy: ENERGY_MAX, energyAt: nowMs };
  if (gained === 0) return state;
  return {
    ...state,
    energy: state.energy + gained,
    energyAt: state.energyAt + gained * ENERGY_REGEN_MS,
  };
}

/** When the next point arrives, for the page's timer; null at a full bar. */
export function nextEnergyAt(state: MergeLabState, nowMs: number): number | null {
  const settled = settleEnergy(state, nowMs);
  return settled.energy >= ENERGY_MAX ? null : settled.energyAt + ENERGY_REGEN_MS;
}

// ---------------------------------------------------------------- orders

/**
 * The published order sequence: order n is the chain at float 0 and the tier at float 1 of the
 * fairness stream (ORDER_SEED, ORDER_CLIENT_SEED, nonce n), checkable with any Stake-style
 * verifier. It is the same for every player and known in advance on purpose: every order pays
 * the same rate, so knowing what comes next gains nothing, and a server-only secret would be
 * one more thing to store and rotate.
 */
export const ORDER_SEED = sha256Hex('merge-lab orders v1');
export const ORDER_CLIENT_SEED = 'merge-lab-orders';

export function nextOrder(counter: number): MergeOrder {
  if (!Number.isSafeInteger(counter) || counter < 0)
    throw new RangeError('order counter must be a non-negative whole number');
  const stream = new FairStream(ORDER_SEED, ORDER_CLIENT_SEED, counter);
  const c = CHAINS[stream.nextIndex(CHAINS.length)]!.key;
  return { c, t: ORDER_TIERS[stream.nextIndex(ORDER_TIERS.length)]! };
}

export function initialState(nowMs: number): MergeLabState {
  assertTime(nowMs);
  return {
    board: new Array<MergeItem | null>(BOARD_CELLS).fill(null),
    energy: ENERGY_START,
    energyAt: nowMs,
    orders: Array.from({ length: ORDER_SLOTS }, (_, i) => nextOrder(i)),
    orderCounter: ORDER_SLOTS,
    taps: 0,
    coinsEarned: 0,
    paidDay: utcDay(nowMs),
    paidToday: 0,
  };
}

// ---------------------------------------------------------------- the generator

export const emptyCells = (board: readonly (MergeItem | null)[]): number[] => {
  const cells: number[] = [];
  board.forEach((item, i) => {
    if (item === null) cells.push(i);
  });
  return cells;
};

/** A round's cell list: ascending, so one board has one list and the verifier needs nothing else. */
function assertEmptyCells(value: unknown): number[] {
  const cells = numberList(value, 'emptyCells');
  if (cells.length === 0) throw new RangeError('emptyCells must list at least one cell');
  cells.forEach((cell, i) => {
    if (!Number.isInteger(cell) || cell < 0 || cell >= BOARD_CELLS)
      throw new RangeError(`emptyCells must be whole numbers from 0 to ${BOARD_CELLS - 1}`);
    if (i > 0 && cell <= cells[i - 1]!)
      throw new RangeError('emptyCells must be ascending, without repeats');
  });
  return cells;
}

export interface TapDraw {
  chain: ChainKey;
  cell: number;
}

/** One generator drop: float 0 picks the chain of three, float 1 one of the empty cells. */
export function tapDraw(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: { emptyCells: unknown },
): TapDraw {
  const cells = assertEmptyCells(p.emptyCells);
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const chain = CHAINS[stream.nextIndex(CHAINS.length)]!.key;
  return { chain, cell: cells[stream.nextIndex(cells.length)]! };
}

export interface TapRound {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * Spend a point and drop a tier-1 item. Refused before any draw, so a refused tap uses no
 * nonce; `params` is what the server records with the round for the verifier.
 */
export function tap(
  state: MergeLabState,
  nowMs: number,
  round: TapRound,
): { state: MergeLabState; draw: TapDraw; params: { emptyCells: number[] } } {
  const settled = settleEnergy(state, nowMs);
  if (settled.energy < TAP_ENERGY) throw new RangeError('Not enough energy');
  const cells = emptyCells(settled.board);
  if (cells.length === 0) throw new RangeError('The board is full');
  const params = { emptyCells: cells };
  const draw = tapDraw(round.serverSeed, round.clientSeed, round.nonce, params);
  const board = settled.board.slice();
  board[draw.cell] = { c: draw.chain, t: 1 };
  return {
    state: { ...settled, board, energy: settled.energy - TAP_ENERGY, taps: settled.taps + 1 },
    draw,
    params,
  };
}

// ---------------------------------------------------------------- merge, move, deliver, sell

function assertCell(cell: number): void {
  if (!Number.isInteger(cell) || cell < 0 || cell >= BOARD_CELLS)
    throw new RangeError('No such cell');
}

function occupied(state: MergeLabState, cell: number): MergeItem {
  assertCell(cell);
  const item = state.board[cell];
  if (!item) throw new RangeError('That cell is empty');
  return item;
}

function assertTwoCells(from: number, to: number): void {
  assertCell(from);
  assertCell(to);
  if (from === to) throw new RangeError('Pick two different cells');
}

/** Two identical items make one of the next tier in the target cell. */
export function merge(state: MergeLabState, from: number, to: number): MergeLabState {
  assertTwoCells(from, to);
  const a = occupied(state, from);
  const b = occupied(state, to);
  if (a.c !== b.c || a.t !== b.t) throw new RangeError('Those two are not the same item');
  if (a.t >= MAX_TIER) throw new RangeError(`Tier ${MAX_TIER} is the highest`);
  const board = state.board.slice();
  board[from] = null;
  board[to] = { c: a.c, t: a.t + 1 };
  return { ...state, board };
}

/** An item to an empty cell. Swapping is refused so a drop onto a wrong item is never silent. */
export function move(state: MergeLabState, from: number, to: number): MergeLabState {
  assertTwoCells(from, to);
  const item = occupied(state, from);
  if (state.board[to]) throw new RangeError('That cell is taken');
  const board = state.board.slice();
  board[from] = null;
  board[to] = item;
  return { ...state, board };
}

/** The state after paying `coins` at nowMs, within the day's cap; refused (RangeError) past it. */
function paid(
  state: MergeLabState,
  coins: number,
  nowMs: number,
  what: 'order' | 'sale',
): Pick<MergeLabState, 'coinsEarned' | 'paidDay' | 'paidToday'> {
  assertTime(nowMs);
  const before = paidToday(state, nowMs);
  if (coins > 0 && before + coins > MERGE_LAB_DAILY_CAP)
    throw new RangeError(dailyCapRefusal(before, coins, what));
  return {
    coinsEarned: state.coinsEarned + coins,
    paidDay: utcDay(nowMs),
    paidToday: before + coins,
  };
}

/** Hand over the item in `cell` for order card `orderIndex`; the card is replaced by the next in the sequence. */
export function deliver(
  state: MergeLabState,
  orderIndex: number,
  cell: number,
  nowMs: number,
): { state: MergeLabState; coins: number } {
  const order = Number.isInteger(orderIndex) ? state.orders[orderIndex] : undefined;
  if (!order) throw new RangeError('No such order');
  const item = occupied(state, cell);
  if (item.c !== order.c || item.t !== order.t)
    throw new RangeError('That is not what this order asks for');
  const coins = orderPayout(order.t);
  const pay = paid(state, coins, nowMs, 'order');
  const board = state.board.slice();
  board[cell] = null;
  const orders = state.orders.slice();
  orders[orderIndex] = nextOrder(state.orderCounter);
  return {
    state: { ...state, board, orders, orderCounter: state.orderCounter + 1, ...pay },
    coins,
  };
}

export function sell(
  state: MergeLabState,
  cell: number,
  nowMs: number,
): { state: MergeLabState; coins: number } {
  const item = occupied(state, cell);
  const coins = sellPayout(item.t);
  const pay = paid(state, coins, nowMs, 'sale');
  const board = state.board.slice();
  board[cell] = null;
  return { state: { ...state, board, ...pay }, coins };
}

// ---------------------------------------------------------------- the verifiable round

const cellText = (cell: number): string =>
  `cell ${cell} (row ${Math.floor(cell / BOARD_COLS) + 1}, column ${(cell % BOARD_COLS) + 1})`;

const isChainKey = (value: unknown): value is ChainKey =>
  (CHAIN_KEYS as readonly unknown[]).includes(value);

/** One generator tap: a chain, then one of the cells that were empty. */
export const mergeLabRound = defineRoundGame({
  game: 'merge-lab',
  label: 'Merge Lab generator',
  example: { emptyCells: Array.from({ length: BOARD_CELLS }, (_, i) => i) },
  replay: (serverSeed, clientSeed, nonce, params) => {
    const draw = tapDraw(serverSeed, clientSeed, nonce, { emptyCells: params.emptyCells });
    return { chain: draw.chain, cell: draw.cell };
  },
  describe: (replay, params) => {
    const chain = isChainKey(replay.chain) ? chainOf(replay.chain) : null;
    const what = chain
      ? `${chain.tiers[0]!.emoji} ${chain.tiers[0]!.name} (${chain.name.toLowerCase()}, tier 1)`
      : `a ${String(replay.chain)} item`;
    const of = Array.isArray(params.emptyCells) ? ` of ${params.emptyCells.length} empty` : '';
    return `${what} in ${typeof replay.cell === 'number' ? cellText(replay.cell) : `cell ${String(replay.cell)}`}${of}`;
  },
  summary: (round) => {
    const chain = isChainKey(round.outcome.chain) ? chainOf(round.outcome.chain) : null;
    return `merge lab · ${chain ? `${chain.tiers[0]!.emoji} ${chain.tiers[0]!.name}` : 'drop'} in cell ${String(round.outcome.cell ?? '-')}`;
  },
  paidFrom: 'taps pay nothing; orders pay for delivered items',
});
