import { FairStream } from '../engine/fairness';
import { add, mul, rational, sub, ONE, type Rational } from '../engine/rational';
import { assertStake } from '../engine/stake';

export type SlotSymbol = 'cherry' | 'lemon' | 'orange' | 'grape' | 'bell' | 'star' | 'diamond';

export const SLOT_EMOJI: Readonly<Record<SlotSymbol, string>> = {
  cherry: '🍒',
  lemon: '🍋',
  orange: '🍊',
  grape: '🍇',
  bell: '🔔',
  star: '⭐',
  diamond: '💎',
};

export const SLOT_STOPS = 21;

// Each strip has 21 stops; the counts differ per reel (reel 1: 2 cherry, 6 lemon, 5 orange,
// 3 grape, 2 bell, 2 star, 1 diamond; reel 2: 2/6/4/4/2/2/1; reel 3: 2/5/5/4/2/2/1) and the
// symbols are interleaved so neighbours on the spinning strip look varied.
export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [
  [
    'lemon',
    'cherry',
    'orange',
    'lemon',
    'grape',
    'bell',
    'lemon',
    'orange',
    'star',
    'lemon',
    'grape',
    'orange',
    'diamond',
    'lemon',
    'cherry',
    'orange',
    'bell',
    'lemon',
    'grape',
    'star',
    'orange',
  ],
  [
    'orange',
    'lemon',
    'grape',
    'cherry',
    'lemon',
    'star',
    'orange',
    'grape',
    'lemon',
    'bell',
    'orange',
    'diamond',
    'lemon',
    'grape',
    'cherry',
    'lemon',
    'orange',
    'star',
    'grape',
    'bell',
    'lemon',
  ],
  [
    'grape',
    'lemon',
    'orange',
    'bell',
    'lemon',
    'cherry',
    'orange',
    'grape',
    'star',
    'lemon',
    'orange',
    'diamond',
    'grape',
    'lemon',
    'cherry',
    'orange',
    'star',
    'lemon',
    'grape',
    'bell',
    'orange',
  ],
];

/** Three of a kind pays this many times the stake (the stake included). */
export const SLOT_THREE_OF_A_KIND: Readonly<Record<SlotSymbol, number>> = {
  cherry: 20,
  lemon: 5,
  orange: 10,
  grape: 15,
  bell: 20,
  star: 50,
  diamond: 100,
};
/** Exactly two cherries, anywhere. */
export const SLOT_TWO_CHERRIES = 5;
/** Exactly one cherry, anywhere. Pays 2x, so every win is a profit (reward multipliers apply to profit). */
export const SLOT_ONE_CHERRY = 2;

export type SlotCombo = `three-${SlotSymbol}` | 'two-cherries' | 'one-cherry';

const SLOTS_MAX_MULTIPLIER = Math.max(
  ...Object.values(SLOT_THREE_OF_A_KIND),
  SLOT_TWO_CHERRIES,
  SLOT_ONE_CHERRY,
);
/** DESIGN.md section 6: slots-luck buffs add up to at most +50%. */
export const SLOTS_MAX_LUCK = 50;

export type SlotStops = readonly [number, number, number];
export type SlotLine = readonly [SlotSymbol, SlotSymbol, SlotSymbol];

export interface SlotEvaluation {
  combo: SlotCombo | null;
  multiplier: number;
}

export interface SlotsParams {
  stake: number;
  /** Slot luck in whole percent, 0 to 50 (the sum of the player's slots-luck buffs, capped). */
  luck?: number;
}

export interface SlotsResult {
  /** Stop index on each reel, 0-20, after any re-spin. */
  stops: SlotStops;
  reel: SlotLine;
  combo: SlotCombo | null;
  win: boolean;
  multiplier: number;
  payout: number;
  /** True when luck re-spun a losing first spin; firstStops then holds that spin. */
  respun: boolean;
  firstStops: SlotStops;
}

const symbolAt = (reel: number, stop: number): SlotSymbol => {
  const symbol = SLOT_REELS[reel]?.[stop];
  if (symbol === undefined) throw new RangeError(`no stop ${stop} on reel ${reel}`);
  return symbol;
};

export const slotLineAt = (stops: SlotStops): SlotLine => [
  symbolAt(0, stops[0]),
  symbolAt(1, stops[1]),
  symbolAt(2, stops[2]),
];

/** One paying combination per line, the best: three of a kind beats cherries. */
export function evaluateSlotLine(line: SlotLine): SlotEvaluation {
  const [a, b, c] = line;
  if (a === b && b === c) return { combo: `three-${a}`, multiplier: SLOT_THREE_OF_A_KIND[a] };
  const cherries = (a === 'cherry' ? 1 : 0) + (b === 'cherry' ? 1 : 0) + (c === 'cherry' ? 1 : 0);
  if (cherries === 2) return { combo: 'two-cherries', multiplier: SLOT_TWO_CHERRIES };
  if (cherries === 1) return { combo: 'one-cherry', multiplier: SLOT_ONE_CHERRY };
  return { combo: null, multiplier: 0 };
}

const nextStops = (stream: FairStream): SlotStops => [
  stream.nextIndex(SLOT_STOPS),
  stream.nextIndex(SLOT_STOPS),
  stream.nextIndex(SLOT_STOPS),
];

function assertLuck(luck: number): void {
  if (!Number.isInteger(luck) || luck < 0 || luck > SLOTS_MAX_LUCK)
    throw new RangeError('luck must be a whole percent from 0 to 50');
}

/**
 * A losing spin is re-spun once with probability luck/100 (DESIGN.md section 6), decided and
 * re-spun from later floats of the same round, so the result is still a function of the seeds,
 * nonce and luck alone and costs no extra HMAC.
 */
export function slots(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: SlotsParams,
): SlotsResult {
  const luck = params.luck ?? 0;
  assertLuck(luck);
  assertStake(params.stake, SLOTS_MAX_MULTIPLIER);
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const firstStops = nextStops(stream);
  let stops = firstStops;
  let evaluation = evaluateSlotLine(slotLineAt(stops));
  let respun = false;
  // u x 100 < luck x 2^32 is f < luck/100 in integers: both sides stay below 2^53.
  if (evaluation.multiplier === 0 && luck > 0 && stream.nextU32() * 100 < luck * 2 ** 32) {
    respun = true;
    stops = nextStops(stream);
    evaluation = evaluateSlotLine(slotLineAt(stops));
  }
  return {
    stops,
    reel: slotLineAt(stops),
    combo: evaluation.combo,
    win: evaluation.multiplier > 0,
    multiplier: evaluation.multiplier,
    payout: params.stake * evaluation.multiplier,
    respun,
    firstStops,
  };
}

export interface SlotsPayLine {
  combo: SlotCombo;
  multiplier: number;
  /** How many of the 9,261 stop combinations land it. */
  ways: number;
  probability: Rational;
}

let payLines: readonly SlotsPayLine[] | undefined;

/** The pay table with each line's exact odds, by enumerating all 21^3 = 9,261 stop combinations. */
export function slotsPayTable(): readonly SlotsPayLine[] {
  if (payLines) return payLines;
  const ways = new Map<SlotCombo, { multiplier: number; ways: number }>();
  for (let a = 0; a < SLOT_STOPS; a++) {
    for (let b = 0; b < SLOT_STOPS; b++) {
      for (let c = 0; c < SLOT_STOPS; c++) {
        const { combo, multiplier } = evaluateSlotLine(slotLineAt([a, b, c]));
        if (combo === null) continue;
        const entry = ways.get(combo) ?? { multiplier, ways: 0 };
        entry.ways++;
        ways.set(combo, entry);
      }
    }
  }
  payLines = [...ways]
    .map(([combo, entry]) => ({
      combo,
      ...entry,
      probability: rational(entry.ways, SLOT_STOPS ** 3),
    }))
    .sort((x, y) => y.multiplier - x.multiplier || x.combo.localeCompare(y.combo));
  return payLines;
}

/** Return to player of one spin without luck: sum of multiplier x ways over 9,261. */
export const slotsRtp = (): Rational =>
  rational(
    slotsPayTable().reduce((sum, line) => sum + line.multiplier * line.ways, 0),
    SLOT_STOPS ** 3,
  );

/** Chance that a spin pays anything. */
export const slotsHitRate = (): Rational =>
  rational(
    slotsPayTable().reduce((sum, line) => sum + line.ways, 0),
    SLOT_STOPS ** 3,
  );

/**
 * The exact chance that luck L re-spins a loss: the uint32s u with 100u < L x 2^32, that is
 * ceil(L x 2^32 / 100) / 2^32. Exactly L/100 when L is a multiple of 25, within 2^-32 otherwise.
 */
export function slotsRespinProbability(luck: number): Rational {
  assertLuck(luck);
  const scaled = BigInt(luck) << 32n;
  return rational((scaled + 99n) / 100n, 1n << 32n);
}

/**
 * The re-spin is a fresh spin on independent floats, so
 * RTP(L) = RTP0 + P(lose) x P(re-spin | L) x RTP0 = RTP0 x (1 + P(lose) x P(re-spin | L)).
 */
export function slotsRtpWithLuck(luck: number): Rational {
  const rtp = slotsRtp();
  return mul(rtp, add(ONE, mul(sub(ONE, slotsHitRate()), slotsRespinProbability(luck))));
}

/** Chance that a spin with luck L pays: the same argument as for the RTP. */
export function slotsHitRateWithLuck(luck: number): Rational {
  const hit = slotsHitRate();
  return add(hit, mul(mul(sub(ONE, hit), slotsRespinProbability(luck)), hit));
}
