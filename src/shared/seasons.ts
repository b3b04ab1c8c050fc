/*
 * Weekly seasons of the communities (DESIGN.md section 11), zod-free so the browser can use
 * them: a season is an ISO week, from Monday 00:00 UTC to the next Monday 00:00 UTC.
 */

export const seasonChoices = ['current', 'previous', 'all'] as const;
export type SeasonChoice = (typeof seasonChoices)[number];
/** The cross-community ranking is per week only: all time would favour the oldest communities. */
export const rankingSeasonChoices = ['current', 'previous'] as const;
export const seasonSorts = ['profit', 'wins'] as const;
export type SeasonSort = (typeof seasonSorts)[number];

/** A community ranks among the others only with at least this many members active that week. */
export const SEASON_MIN_ACTIVE = 3;
/** How many members a season's end congratulates in each community. */
export const SEASON_TOP_NOTIFIED = 3;
/** Rows a season table shows. */
export const SEASON_TABLE_SIZE = 100;

const WEEK_MS = 7 * 24 * 3_600_000;

/** The Monday 00:00 UTC that starts the season `at` falls in. */
export function seasonStartOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7; // Sunday is 0, Monday 1
  return new Date(midnight - sinceMonday * (WEEK_MS / 7));
}

/** The season `choice` names at `now`: its start and end (null for all time). */
export function seasonBounds(
  choice: SeasonChoice,
  now: Date,
): { start: Date; end: Date } | { start: null; end: null } {
  if (choice === 'all') return { start: null, end: null };
  const current = seasonStartOf(now).getTime();
  const start = choice === 'current' ? current : current - WEEK_MS;
  return { start: new Date(start), end: new Date(start + WEEK_MS) };
}
