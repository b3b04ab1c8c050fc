import { sql } from 'drizzle-orm';
import type { AchievementCriteria } from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';
import { GAME_COUNTERS } from '../../../shared/games/index';

/** First start: one achievement per criterion (issue 9). */
const DEFAULT_ACHIEVEMENTS: {
  title: string;
  description: string;
  criteria: AchievementCriteria;
  threshold: number;
  reward: number;
  icon: string;
}[] = [
  {
    title: 'Punter',
    description: 'Place 10 bets.',
    criteria: 'betsPlaced',
    threshold: 10,
    reward: 200,
    icon: '🎯',
  },
  {
    title: 'Oracle',
    description: 'Win 5 bets.',
    criteria: 'betsWon',
    threshold: 5,
    reward: 300,
    icon: '🔮',
  },
  {
    title: 'Shopaholic',
    description: 'Make 5 store purchases.',
    criteria: 'storePurchases',
    threshold: 5,
    reward: 200,
    icon: '🛍️',
  },
  {
    title: 'Familiar face',
    description: 'Sign in on 10 different days.',
    criteria: 'logins',
    threshold: 10,
    reward: 150,
    icon: '🙂',
  },
  {
    title: 'Taskmaster',
    description: 'Complete 10 tasks.',
    criteria: 'tasksCompleted',
    threshold: 10,
    reward: 250,
    icon: '✅',
  },
  // One per game counter (GameDef.counters), in GAMES order.
  ...Object.values(GAME_COUNTERS).map(({ key, achievement }) => ({
    ...achievement,
    criteria: key,
  })),
  {
    title: 'Hoarder',
    description: 'Own 5 different items.',
    criteria: 'itemsOwned',
    threshold: 5,
    reward: 200,
    icon: '📦',
  },
];

/** Inserts the defaults into an empty achievements table; returns how many rows it wrote. */
export async function ensureDefaultAchievements(q: Queryable): Promise<number> {
  const [achievements] = await q.rows<{ n: number }>(
    sql`select count(*)::int as n from achievements`,
  );
  if ((achievements?.n ?? 0) > 0) return 0;
  const json = JSON.stringify(DEFAULT_ACHIEVEMENTS);
  const rows = await q.rows(sql`
    insert into achievements (title, description, criteria, threshold, reward, icon)
    select title, description, criteria, threshold, reward, icon
    from jsonb_to_recordset(${json}::jsonb) as r(title text, description text, criteria text, threshold bigint, reward bigint, icon text)
    returning id`);
  return rows.length;
}
