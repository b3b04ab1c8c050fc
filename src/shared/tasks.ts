/**
 * Closed lists of tasks and achievements, free of zod so the browser bundle can import them
 * (shared/api/tasks.ts re-exports them beside its schemas).
 */
import { GAME_COUNTER_KEYS, GAME_COUNTERS, type GameCounterKey } from './games/index';

/** Spec section 3 and 9: task types and goal types; achievement criteria. Closed lists. */
export const taskTypes = ['daily', 'weekly', 'bonus'] as const;
export type TaskType = (typeof taskTypes)[number];
export const goalTypes = ['betsPlaced', 'betsWon', 'storePurchases', 'logins'] as const;
export type GoalType = (typeof goalTypes)[number];
export const achievementCriteria = [
  'betsPlaced',
  'betsWon',
  'storePurchases',
  'logins',
  'tasksCompleted',
  // Each game's counters (GameDef.counters), in GAMES order.
  ...GAME_COUNTER_KEYS,
  'itemsOwned',
] as const;
export type AchievementCriteria = (typeof achievementCriteria)[number];

export const criteriaLabels: Record<AchievementCriteria, string> = {
  betsPlaced: 'Bets placed',
  betsWon: 'Bets won',
  storePurchases: 'Store purchases',
  logins: 'Days signed in',
  tasksCompleted: 'Tasks completed',
  ...(Object.fromEntries(Object.values(GAME_COUNTERS).map((c) => [c.key, c.label])) as Record<
    GameCounterKey,
    string
  >),
  itemsOwned: 'Items owned',
};
