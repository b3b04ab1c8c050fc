/**
 * Closed lists of the store, free of zod so the browser bundle can import them
 * (shared/api/store.ts re-exports them beside its schemas).
 */
/** Spec section 3: item types; section 9: the admin form's effect types. */
export const itemTypes = ['badge', 'power-up', 'cosmetic'] as const;
export type ItemType = (typeof itemTypes)[number];
export const effectTypes = [
  'extra-safe-click',
  'mine-reduction',
  'slots-luck',
  'reward-multiplier',
  'cosmetic',
] as const;
export type EffectType = (typeof effectTypes)[number];
/** Effect types that 'Use' turns into a timed buff; the Minefield ones are consumed by a game instead. */
export const buffEffectTypes = [
  'reward-multiplier',
  'slots-luck',
] as const satisfies readonly EffectType[];
export type BuffEffectType = (typeof buffEffectTypes)[number];
/** Effect types a power-up may carry. */
export const powerUpEffectTypes = [
  'extra-safe-click',
  'mine-reduction',
  'slots-luck',
  'reward-multiplier',
] as const satisfies readonly EffectType[];
