// Mystery Box (DESIGN.md section 9): published contents tables, the return each box pays, and
// one opening as a pure function of the round's stream. The server opens with it, the box page
// and /fairness publish its numbers, and the verifier replays it.
import { FairStream } from '../engine/fairness';
import { add, div, mul, rational, ZERO, type Rational } from '../engine/rational';

/** Tier weights are integers out of this. */
export const BOX_WEIGHT_TOTAL = 10_000;
/** Openings per request: one, or five at once. */
export const BOX_OPEN_COUNTS = [1, 5] as const;

export interface Collectible {
  /** The catalogue key: one items row per collectible (items.collectible_key). */
  key: string;
  name: string;
  emoji: string;
  /** Coins it sells back for, now or later. */
  value: number;
}

interface BoxTier {
  name: string;
  /** Drops of this tier are announced on the recent-drops feed. */
  notable: boolean;
  weight: number;
  drops: readonly Collectible[];
}

export interface MysteryBox {
  id: string;
  name: string;
  emoji: string;
  price: number;
  tiers: readonly BoxTier[];
}

const tier = (name: string, weight: number, notable: boolean, drops: Collectible[]): BoxTier => ({
  name,
  weight,
  notable,
  drops,
});
const c = (key: string, name: string, emoji: string, value: number): Collectible => ({
  key,
  name,
  emoji,
  value,
});

// CS:GO-style weights 7992 / 1598 / 320 / 64 / 26; values set so each box returns about 95%.
export const MYSTERY_BOXES: readonly MysteryBox[] = [
  {
    id: 'bronze',
    name: 'Bronze Box',
    emoji: '📦',
    price: 100,
    tiers: [
      tier('Common', 7992, false, [
        c('bronze-pebble', 'Shiny Pebble', '🪨', 40),
        c('bronze-feather', 'Lucky Feather', '🪶', 45),
        c('bronze-button', 'Odd Button', '🔘', 50),
      ]),
      tier('Uncommon', 1598, false, [
        c('bronze-shell', 'Spiral Shell', '🐚', 140),
        c('bronze-leaf', 'Golden Leaf', '🍂', 160),
      ]),
      tier('Rare', 320, true, [
        c('bronze-compass', 'Old Compass', '🧭', 380),
        c('bronze-lantern', 'Paper Lantern', '🏮', 420),
      ]),
      tier('Epic', 64, true, [c('bronze-crystal', 'Crystal Ball', '🔮', 1500)]),
      tier('Legendary', 26, true, [c('bronze-crown', 'Tin Crown', '👑', 4800)]),
    ],
  },
  {
    id: 'gold',
    name: 'Gold Box',
    emoji: '🎁',
    price: 1000,
    tiers: [
      tier('Common', 7992, false, [
        c('gold-coin', 'Ancient Coin', '🪙', 400),
        c('gold-key', 'Brass Key', '🗝️', 450),
        c('gold-bell', 'Silver Bell', '🔔', 500),
      ]),
      tier('Uncommon', 1598, false, [
        c('gold-vase', 'Porcelain Vase', '🏺', 1400),
        c('gold-harp', 'Tiny Harp', '🪕', 1600),
      ]),
      tier('Rare', 320, true, [
        c('gold-telescope', 'Star Telescope', '🔭', 3800),
        c('gold-globe', 'Gilded Globe', '🌐', 4200),
      ]),
      tier('Epic', 64, true, [c('gold-dragon-egg', 'Dragon Egg', '🥚', 15000)]),
      tier('Legendary', 26, true, [c('gold-comet', 'Captured Comet', '☄️', 48000)]),
    ],
  },
];

export const mysteryBoxOf = (id: string): MysteryBox | undefined =>
  MYSTERY_BOXES.find((b) => b.id === id);
export const COLLECTIBLES: readonly Collectible[] = MYSTERY_BOXES.flatMap((b) =>
  b.tiers.flatMap((t) => t.drops),
);
export const collectibleOf = (key: string): Collectible | undefined =>
  COLLECTIBLES.find((x) => x.key === key);

function assertTiers(tiers: unknown): readonly BoxTier[] {
  if (!Array.isArray(tiers) || tiers.length === 0)
    throw new RangeError('tiers must be a non-empty list');
  let total = 0;
  for (const t of tiers as BoxTier[]) {
    if (!Number.isSafeInteger(t?.weight) || t.weight <= 0)
      throw new RangeError('every tier weight must be a positive integer');
    if (!Array.isArray(t.drops) || t.drops.length === 0)
      throw new RangeError('every tier needs at least one drop');
    total += t.weight;
  }
  if (total !== BOX_WEIGHT_TOTAL)
    throw new RangeError(`tier weights must total ${BOX_WEIGHT_TOTAL}`);
  return tiers as BoxTier[];
}

/** One opening: float 0 picks the tier by weight, float 1 the collectible within it (uniform). */
export function openBox(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: { tiers: unknown },
): { tier: number; tierName: string; drop: Collectible } {
  const tiers = assertTiers(p.tiers);
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  let target = stream.nextIndex(BOX_WEIGHT_TOTAL);
  let index = tiers.length - 1;
  for (let i = 0; i < tiers.length; i++) {
    target -= tiers[i]!.weight;
    if (target < 0) {
      index = i;
      break;
    }
  }
  const chosen = tiers[index]!;
  const drop = chosen.drops[stream.nextIndex(chosen.drops.length)]!;
  return { tier: index, tierName: chosen.name, drop };
}

/** The expected sell-back value of one opening, exact. */
export function expectedValue(box: Pick<MysteryBox, 'tiers'>): Rational {
  return box.tiers.reduce((sum, t) => {
    const mean = div(
      t.drops.reduce((s, d) => add(s, rational(d.value)), ZERO),
      rational(t.drops.length),
    );
    return add(sum, mul(rational(t.weight, BOX_WEIGHT_TOTAL), mean));
  }, ZERO);
}

/** Return to player: expected value over price, exact. */
export const boxRtp = (box: MysteryBox): Rational => div(expectedValue(box), rational(box.price));
