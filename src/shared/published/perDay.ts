export const DAY_MS = 24 * 60 * 60_000;
export const HOUR_MS = 60 * 60_000;
/** Spins, claims or hours that fit in one UTC day at this interval (the first at 00:00). */
export const perDay = (intervalMs: number): number => Math.max(1, Math.ceil(DAY_MS / intervalMs));
