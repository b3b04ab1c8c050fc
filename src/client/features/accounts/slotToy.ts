/** Spec section 4: the profile's slot toy, the skull's page flip and the ghost. */
export const SLOT_TOY = {
  rotateMs: 5000,
  lockMs: 5000,
  invertMs: 10_000,
  ghostDurationMs: 5000,
  ghostIntervalMs: 100,
  potEmoji: '🍲',
  skullEmoji: '💀',
} as const;

/** Six faces give a 1-in-36 chance of a triple per spin, so matches happen now and then. */
export const SLOT_EMOJIS = [
  '🍒',
  '🍋',
  SLOT_TOY.potEmoji,
  SLOT_TOY.skullEmoji,
  '💎',
  '🍀',
] as const;

export type Reels = readonly [string, string, string];

export type SpinOutcome =
  | { kind: 'none' }
  | { kind: 'pot'; message: string }
  | { kind: 'skull'; message: string }
  | { kind: 'win'; emoji: string; message: string };

const SLOT_MESSAGES = {
  pot: `${SLOT_TOY.potEmoji} Triple stew! You are a culinary genius.`,
  skull: `${SLOT_TOY.skullEmoji} Three skulls... a ghostly presence haunts this profile.`,
  win: (emoji: string) =>
    `${emoji} JACKPOT! Three of a kind. You win absolutely nothing, but in style!`,
} as const;

function pick(random: () => number): string {
  const index = Math.min(SLOT_EMOJIS.length - 1, Math.floor(random() * SLOT_EMOJIS.length));
  return SLOT_EMOJIS[index] ?? SLOT_EMOJIS[0];
}

export function spinReels(random: () => number = Math.random): Reels {
  return [pick(random), pick(random), pick(random)];
}

/** Spec section 4: only a triple counts; the pot and the skull have their own reactions. */
export function classifySpin(reels: readonly string[]): SpinOutcome {
  const [first, ...rest] = reels;
  if (first === undefined || reels.length !== 3 || !rest.every((emoji) => emoji === first))
    return { kind: 'none' };
  if (first === SLOT_TOY.potEmoji) return { kind: 'pot', message: SLOT_MESSAGES.pot };
  if (first === SLOT_TOY.skullEmoji) return { kind: 'skull', message: SLOT_MESSAGES.skull };
  return { kind: 'win', emoji: first, message: SLOT_MESSAGES.win(first) };
}

export function isSkull(emoji: string): boolean {
  return emoji === SLOT_TOY.skullEmoji;
}

export interface RainDrop {
  id: number;
  emoji: string;
  leftPercent: number;
  delaySeconds: number;
  durationSeconds: number;
}

const MONEY_EMOJIS = ['💸', '💰', '🤑', '🪙', '💵'] as const;

export function makeMoneyRain(count: number, random: () => number = Math.random): RainDrop[] {
  return Array.from({ length: count }, (_, id) => ({
    id,
    emoji: MONEY_EMOJIS[Math.floor(random() * MONEY_EMOJIS.length)] ?? MONEY_EMOJIS[0],
    leftPercent: random() * 95,
    delaySeconds: random() * 1.5,
    durationSeconds: 2 + random() * 2,
  }));
}
