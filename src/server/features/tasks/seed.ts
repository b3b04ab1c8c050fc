import { sql } from 'drizzle-orm';
import type { AchievementCriteria, GoalType, TaskType } from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';
import { GAME_COUNTERS } from '../../../shared/games/index';

/** First start: tasks of every type and goal type, one achievement per criterion (issue 9). */
const DEFAULT_TASKS: { title: string; description: string; reward: number; type: TaskType; goalType: GoalType; goalAmount: number; emoji: string }[] = [
  { title: 'Daily check-in', description: 'Sign in today.', reward: 25, type: 'daily', goalType: 'logins', goalAmount: 1, emoji: '👋' },
  { title: 'Place a bet', description: 'Place one wager or parlay today.', reward: 50, type: 'daily', goalType: 'betsPlaced', goalAmount: 1, emoji: '🎲' },
  { title: 'Lucky day', description: 'Win a bet today.', reward: 100, type: 'daily', goalType: 'betsWon', goalAmount: 1, emoji: '🍀' },
  { title: 'Window shopping', description: 'Buy something in the store today.', reward: 40, type: 'daily', goalType: 'storePurchases', goalAmount: 1, emoji: '🛍️' },
  { title: 'High roller', description: 'Place 10 bets this week.', reward: 300, type: 'weekly', goalType: 'betsPlaced', goalAmount: 10, emoji: '💰' },
  { title: 'On a streak', description: 'Win 3 bets this week.', reward: 400, type: 'weekly', goalType: 'betsWon', goalAmount: 3, emoji: '🔥' },
  { title: 'Regular', description: 'Sign in on 5 days this week.', reward: 150, type: 'weekly', goalType: 'logins', goalAmount: 5, emoji: '📆' },
  { title: 'Collector', description: 'Make 3 store purchases this week.', reward: 200, type: 'weekly', goalType: 'storePurchases', goalAmount: 3, emoji: '🧺' },
  { title: 'First steps', description: 'Place your first bet.', reward: 100, type: 'bonus', goalType: 'betsPlaced', goalAmount: 1, emoji: '🚀' },
  { title: 'Big winner', description: 'Win 10 bets.', reward: 1000, type: 'bonus', goalType: 'betsWon', goalAmount: 10, emoji: '🏅' },
  { title: 'Loyal player', description: 'Sign in on 30 different days.', reward: 500, type: 'bonus', goalType: 'logins', goalAmount: 30, emoji: '💎' },
  { title: 'Big spender', description: 'Make 10 store purchases.', reward: 500, type: 'bonus', goalType: 'storePurchases', goalAmount: 10, emoji: '🛒' },
];

const DEFAULT_ACHIEVEMENTS: { title: string; description: string; criteria: AchievementCriteria; threshold: number; reward: number; icon: string }[] = [
  { title: 'Punter', description: 'Place 10 bets.', criteria: 'betsPlaced', threshold: 10, reward: 200, icon: '🎯' },
  { title: 'Oracle', description: 'Win 5 bets.', criteria: 'betsWon', threshold: 5, reward: 300, icon: '🔮' },
  { title: 'Shopaholic', description: 'Make 5 store purchases.', criteria: 'storePurchases', threshold: 5, reward: 200, icon: '🛍️' },
  { title: 'Familiar face', description: 'Sign in on 10 different days.', criteria: 'logins', threshold: 10, reward: 150, icon: '🙂' },
  { title: 'Taskmaster', description: 'Complete 10 tasks.', criteria: 'tasksCompleted', threshold: 10, reward: 250, icon: '✅' },
  // One per game counter (GameDef.counters), in GAMES order.
  ...Object.values(GAME_COUNTERS).map(({ key, achievement }) => ({ ...achievement, criteria: key })),
  { title: 'Hoarder', description: 'Own 5 different items.', criteria: 'itemsOwned', threshold: 5, reward: 200, icon: '📦' },
];

/** Inserts the defaults into empty tables; returns how many rows it wrote. */
export async function ensureDefaultTasksAndAchievements(q: Queryable): Promise<number> {
  let written = 0;
  const [tasks] = await q.rows<{ n: number }>(sql`select count(*)::int as n from tasks`);
  if ((tasks?.n ?? 0) === 0) {
    const json = JSON.stringify(DEFAULT_TASKS);
    const rows = await q.rows(sql`
      insert into tasks (title, description, reward, type, goal_type, goal_amount, emoji)
      select title, description, reward, type, "goalType", "goalAmount", emoji
      from jsonb_to_recordset(${json}::jsonb) as r(title text, description text, reward bigint, type text, "goalType" text, "goalAmount" bigint, emoji text)
      returning id`);
    written += rows.length;
  }
  const [achievements] = await q.rows<{ n: number }>(sql`select count(*)::int as n from achievements`);
  if ((achievements?.n ?? 0) === 0) {
    const json = JSON.stringify(DEFAULT_ACHIEVEMENTS);
    const rows = await q.rows(sql`
      insert into achievements (title, description, criteria, threshold, reward, icon)
      select title, description, criteria, threshold, reward, icon
      from jsonb_to_recordset(${json}::jsonb) as r(title text, description text, criteria text, threshold bigint, reward bigint, icon text)
      returning id`);
    written += rows.length;
  }
  return written;
}
