// Names the games area shares between the server and the pages (no zod here: the browser
// bundle imports it). Spec games.md sections 1, 2 and 9.

export const SPINNER_IDS = ['spinner', 'spinner12', 'spinnerDaily', 'spinnerWeekly'] as const;
export type SpinnerId = (typeof SPINNER_IDS)[number];

export const isSpinnerId = (value: string): value is SpinnerId =>
  (SPINNER_IDS as readonly string[]).includes(value);

const HOUR_MS = 3_600_000;

/** Spec section 9: cooldowns of 1 hour, 12 hours, 1 day and 1 week. */
export const SPINNER_INFO: Readonly<
  Record<SpinnerId, { title: string; interval: string; cooldownMs: number }>
> = {
  spinner: { title: 'Hourly Spinner', interval: 'Spin once every hour', cooldownMs: HOUR_MS },
  spinner12: {
    title: '12-Hour Spinner',
    interval: 'Spin once every 12 hours',
    cooldownMs: 12 * HOUR_MS,
  },
  spinnerDaily: { title: 'Daily Spinner', interval: 'Spin once a day', cooldownMs: 24 * HOUR_MS },
  spinnerWeekly: {
    title: 'Weekly Spinner',
    interval: 'Spin once a week',
    cooldownMs: 7 * 24 * HOUR_MS,
  },
};

/** Click Frenzy (spec sections 2, 4 and 9): the animals that fall, and the limits the server keeps. */
export const FRENZY_ANIMALS = [
  '🐶',
  '🐱',
  '🐭',
  '🐹',
  '🐰',
  '🦊',
  '🐻',
  '🐼',
  '🐨',
  '🐯',
  '🦁',
  '🐮',
  '🐷',
  '🐸',
  '🐵',
  '🐔',
] as const;
export const FRENZY_HOURLY_LIMIT = 100;
export const FRENZY_MAX_PER_SECOND = 8;
/** Coins one click pays before reward multipliers. */
export const FRENZY_REWARD = 1;
/** Coins one Puzzle Rush solve pays before reward multipliers (DESIGN.md section 6: a free reward). */
export const PUZZLE_RUSH_REWARD = 100;
