// The breeding page's rules, clock and words, free of React so they are tested on their own
// (breedingView.test.ts). The rules are the shared ones the server applies.
import type {
  CritterDto,
  EggDto,
  GamesUserDto,
} from '../../../../../shared/games/virtualPet/contract';
import { speciesOf, type Rarity } from '../../../../../shared/games/virtualPet/catalog';
import {
  BREED_COOLDOWN_MS,
  breedPrice,
  HATCH_MS,
  MUTATION_PCT,
  breedingBlock,
  inheritancePreview,
  lowerRarity,
} from '../../../../../shared/games/virtualPet/breeding';
import { formatCoins } from '../../../../lib/format';
import { formatHms } from '../../public';
import { traitName } from '../critters/care';

/** Spec section 8's fallbacks. */
export const BREED_FAILED = 'Failed';
export const HATCH_FAILED = 'Hatch failed';
/** Spec section 9: the breeding list is read again every 10 s. */
export const BREEDING_POLL_MS = 10_000;

export { formatHms };

// ---- the clock -------------------------------------------------------------------------------

/** Server clock minus this browser's, from an answer's serverTime and when it arrived here (0 if unreadable). */
export function clockOffsetMs(serverTime: string | null | undefined, receivedAt: number): number {
  const at = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isNaN(at) || !Number.isFinite(receivedAt) || receivedAt <= 0 ? 0 : at - receivedAt;
}

/** Milliseconds from `now` (server time) until `at`, never below 0; 0 when unreadable. */
export function msUntil(at: string | null | undefined, now: number): number {
  const t = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(t) ? 0 : Math.max(0, t - now);
}

/** '1 h', '12 h', '1 h 30 min', '45 min': a hatch time as the preview states it. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

// ---- parents ---------------------------------------------------------------------------------

type CritterLike = Pick<
  CritterDto,
  | '_id'
  | 'species'
  | 'name'
  | 'emoji'
  | 'variant'
  | 'rarity'
  | 'generation'
  | 'level'
  | 'traits'
  | 'breeding'
  | 'lastHatchedAt'
>;

export interface ParentBlock {
  reason: 'breeding' | 'cooldown';
  until: string;
  /** Time left, by the server's clock; 0 once past (an egg ready to hatch). */
  leftMs: number;
}

/** Why a critter cannot be a parent now (the shared rule the server applies), with the time left. */
export function parentBlock(
  c: Pick<CritterDto, 'breeding' | 'lastHatchedAt'>,
  now: number,
): ParentBlock | null {
  const block = breedingBlock(
    { breedingHatchAt: c.breeding.hatchAt, lastHatchedAt: c.lastHatchedAt },
    now,
  );
  return block ? { ...block, leftMs: msUntil(block.until, now) } : null;
}

/** 'breeding, egg hatches in 01:02:03' / 'breeding, egg ready to hatch' / 'resting after a hatch, 23:59:59 left'. */
export function blockText(block: ParentBlock): string {
  if (block.reason === 'breeding')
    return block.leftMs > 0
      ? `breeding, egg hatches in ${formatHms(block.leftMs)}`
      : 'breeding, egg ready to hatch';
  return `resting after a hatch, ${formatHms(block.leftMs)} left`;
}

/**
 * '🐶 Emberpup (Ash), Rare, gen 2, level 4, #17': a critter in a picker. Two of one species and
 * variant looked the same, so the level and the id tell them apart.
 */
export function critterLabel(
  c: Pick<CritterDto, '_id' | 'name' | 'emoji' | 'variant' | 'rarity' | 'generation' | 'level'>,
): string {
  return `${c.emoji} ${c.name} (${c.variant}), ${c.rarity}, gen ${c.generation}, level ${c.level}, #${c._id}`;
}

export interface ParentChoice<C extends CritterLike = CritterLike> {
  critter: C;
  label: string;
  /** Null when it can be picked in this picker. */
  disabledBecause: string | null;
}

/**
 * One picker's options: every critter is shown; one breeding or resting is not pickable, with
 * its reason and time left, and neither is the critter picked as the other parent.
 */
export function parentChoices<C extends CritterLike>(
  critters: readonly C[],
  otherId: string | null,
  now: number,
): ParentChoice<C>[] {
  return critters.map((critter) => {
    const block = parentBlock(critter, now);
    const disabledBecause = block
      ? blockText(block)
      : critter._id === otherId
        ? 'picked as the other parent'
        : null;
    return {
      critter,
      label: disabledBecause
        ? `${critterLabel(critter)} (${disabledBecause})`
        : critterLabel(critter),
      disabledBecause,
    };
  });
}

/** The picked critter when it may be a parent now, else null (it started breeding elsewhere, say). */
export function pickable<C extends CritterLike>(
  critters: readonly C[],
  id: string | null,
  otherId: string | null,
  now: number,
): C | null {
  if (!id || id === otherId) return null;
  const c = critters.find((x) => x._id === id);
  return c && !parentBlock(c, now) ? c : null;
}

// ---- payment ---------------------------------------------------------------------------------

export type PaymentMethod = 'pet' | 'gold';

export interface PaymentOption {
  method: PaymentMethod;
  cost: number;
  currency: string;
  /** What is held; undefined while it loads. */
  held: number | undefined;
  /** Unknown holdings leave it to the server. */
  affordable: boolean;
}

/** The price of a child of `rarity` (the shared breedPrice: 500 pet coins or 5,000 gold up to Uncommon). */
export function paymentOptions(
  user: Pick<GamesUserDto, 'balance' | 'resources'> | undefined,
  rarity: Rarity,
): PaymentOption[] {
  const pet = user?.resources.coins;
  const gold = user?.balance;
  const price = breedPrice(rarity);
  return [
    {
      method: 'pet',
      cost: price.petCoins,
      currency: 'pet coins',
      held: pet,
      affordable: pet === undefined || pet >= price.petCoins,
    },
    {
      method: 'gold',
      cost: price.gold,
      currency: 'gold',
      held: gold,
      affordable: gold === undefined || gold >= price.gold,
    },
  ];
}

/** The child's rarity once both parents are picked; the cheapest price's (Common) before. */
export const childRarity = (
  a: Pick<CritterDto, 'rarity'> | null,
  b: Pick<CritterDto, 'rarity'> | null,
): Rarity => (a && b ? lowerRarity(a.rarity, b.rarity) : 'Common');

/** The method used: the one chosen while it is affordable, else the first that is; null when neither is. */
export function effectivePayment(
  chosen: PaymentMethod | null,
  options: readonly PaymentOption[],
): PaymentMethod | null {
  const pick = options.find((o) => o.method === chosen && o.affordable);
  return pick?.method ?? options.find((o) => o.affordable)?.method ?? null;
}

/** '500 pet coins (you have 1,200)'. */
export const paymentLabel = (o: PaymentOption): string =>
  `${formatCoins(o.cost)} ${o.currency}${o.held === undefined ? '' : ` (you have ${formatCoins(o.held)})`}${o.affordable ? '' : ', not enough'}`;

// ---- the offspring preview -------------------------------------------------------------------

export interface OffspringPreview {
  species: { key: string; name: string; emoji: string; percent: number }[];
  rarity: Rarity;
  generation: number;
  traits: { trait: string; name: string; percent: number }[];
  mutationPct: number;
  hatchMs: number;
  hatchText: string;
}

type ParentLike = Pick<CritterDto, 'species' | 'rarity' | 'generation' | 'traits'>;

/** Spec section 9 and DESIGN.md section 8: one parent's species 50/50, the lower rarity, generation max + 1, traits with their chances. */
export function offspringPreview(a: ParentLike, b: ParentLike): OffspringPreview {
  const species = new Map<string, number>();
  for (const key of [a.species, b.species]) species.set(key, (species.get(key) ?? 0) + 50);
  const rarity = lowerRarity(a.rarity, b.rarity);
  return {
    species: [...species].map(([key, percent]) => {
      const s = speciesOf(key);
      return { key, name: s?.name ?? key, emoji: s?.emoji ?? '🥚', percent };
    }),
    rarity,
    generation: Math.max(a.generation, b.generation) + 1,
    traits: inheritancePreview(
      { traits: Object.keys(a.traits) },
      { traits: Object.keys(b.traits) },
    ).map((t) => ({ ...t, name: traitName(t.trait) })),
    mutationPct: MUTATION_PCT,
    hatchMs: HATCH_MS[rarity],
    hatchText: formatDuration(HATCH_MS[rarity]),
  };
}

/** Why Breed is off, or null when it can go. */
export function breedBlockedText(p: {
  critterCount: number;
  parentA: unknown;
  parentB: unknown;
  payment: PaymentMethod | null;
  rarity: Rarity;
}): string | null {
  if (p.critterCount < 2) return 'Breeding needs two critters.';
  if (!p.parentA || !p.parentB) return 'Pick two different critters that are free to breed.';
  if (!p.payment) {
    const price = breedPrice(p.rarity);
    return `Not enough to pay: breeding a ${p.rarity} costs ${formatCoins(price.petCoins)} pet coins or ${formatCoins(price.gold)} gold.`;
  }
  return null;
}

// ---- eggs and lists --------------------------------------------------------------------------

/** An egg is ready when the server says so or its hatchAt has passed by the server's clock. */
export const eggReady = (egg: Pick<EggDto, 'ready' | 'hatchAt'>, now: number): boolean =>
  egg.ready || msUntil(egg.hatchAt, now) === 0;

/** How far an egg has come, 0 to 100, from its rarity's hatch time. */
export function eggProgress(
  egg: Pick<EggDto, 'hatchAt'> & { child: Pick<EggDto['child'], 'rarity'> },
  now: number,
): number {
  const total = HATCH_MS[egg.child.rarity];
  if (!total) return 100;
  const left = msUntil(egg.hatchAt, now);
  return Math.min(100, Math.max(0, Math.round((100 * (total - left)) / total)));
}

export interface TimedCritter<C extends CritterLike = CritterLike> {
  critter: C;
  until: string;
  leftMs: number;
}

/** Critters with an egg incubating (breeding.hatchAt set), soonest first. */
export function breedingList<C extends CritterLike>(
  critters: readonly C[],
  now: number,
): TimedCritter<C>[] {
  return critters
    .filter((c) => c.breeding.hatchAt !== null)
    .map((c) => ({
      critter: c,
      until: c.breeding.hatchAt!,
      leftMs: msUntil(c.breeding.hatchAt, now),
    }))
    .sort((x, y) => x.leftMs - y.leftMs);
}

/** Critters within a day of their last hatch (not breeding again), soonest free first. */
export function cooldownList<C extends CritterLike>(
  critters: readonly C[],
  now: number,
): TimedCritter<C>[] {
  const out: TimedCritter<C>[] = [];
  for (const c of critters) {
    if (c.breeding.hatchAt !== null || !c.lastHatchedAt) continue;
    const at = Date.parse(c.lastHatchedAt);
    if (Number.isNaN(at)) continue;
    const until = at + BREED_COOLDOWN_MS;
    if (until > now)
      out.push({ critter: c, until: new Date(until).toISOString(), leftMs: until - now });
  }
  return out.sort((x, y) => x.leftMs - y.leftMs);
}
