import { sql } from 'drizzle-orm';
import type { GoalType, TaskType } from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';

/** First start: tasks of every type and goal type (issue 9). */
const DEFAULT_TASKS: {
  title: string;
  description: string;
  reward: number;
  type: TaskType;
  goalType: GoalType;
  goalAmount: number;
  emoji: string;
}[] = [
  {
    title: 'Daily check-in',
    description: 'Sign in today.',
    reward: 25,
    type: 'daily',
    goalType: 'logins',
    goalAmount: 1,
    emoji: '👋',
  },
  {
    title: 'Place a bet',
    description: 'Place one wager or parlay today.',
    reward: 50,
    type: 'daily',
    goalType: 'betsPlaced',
    goalAmount: 1,
    emoji: '🎲',
  },
  {
    title: 'Lucky day',
    description: 'Win a bet today.',
    reward: 100,
    type: 'daily',
    goalType: 'betsWon',
    goalAmount: 1,
    emoji: '🍀',
  },
  {
    title: 'Window shopping',
    description: 'Buy something in the store today.',
    reward: 40,
    type: 'daily',
    goalType: 'storePurchases',
    goalAmount: 1,
    emoji: '🛍️',
  },
  {
    title: 'High roller',
    description: 'Place 10 bets this week.',
    reward: 300,
    type: 'weekly',
    goalType: 'betsPlaced',
    goalAmount: 10,
    emoji: '💰',
  },
  {
    title: 'On a streak',
    description: 'Win 3 bets this week.',
    reward: 400,
    type: 'weekly',
    goalType: 'betsWon',
    goalAmount: 3,
    emoji: '🔥',
  },
  {
    title: 'Regular',
    description: 'Sign in on 5 days this week.',
    reward: 150,
    type: 'weekly',
    goalType: 'logins',
    goalAmount: 5,
    emoji: '📆',
  },
  {
    title: 'Collector',
    description: 'Make 3 store purchases this week.',
    reward: 200,
    type: 'weekly',
    goalType: 'storePurchases',
    goalAmount: 3,
    emoji: '🧺',
  },
  {
    title: 'First steps',
    description: 'Place your first bet.',
    reward: 100,
    type: 'bonus',
    goalType: 'betsPlaced',
    goalAmount: 1,
    emoji: '🚀',
  },
  {
    title: 'Big winner',
    description: 'Win 10 bets.',
    reward: 1000,
    type: 'bonus',
    goalType: 'betsWon',
    goalAmount: 10,
    emoji: '🏅',
  },
  {
    title: 'Loyal player',
    description: 'Sign in on 30 different days.',
    reward: 500,
    type: 'bonus',
    goalType: 'logins',
    goalAmount: 30,
    emoji: '💎',
  },
  {
    title: 'Big spender',
    description: 'Make 10 store purchases.',
    reward: 500,
    type: 'bonus',
    goalType: 'storePurchases',
    goalAmount: 10,
    emoji: '🛒',
  },
];

/** Inserts the defaults into an empty tasks table; returns how many rows it wrote. */
export async function ensureDefaultTasks(q: Queryable): Promise<number> {
  const [tasks] = await q.rows<{ n: number }>(sql`select count(*)::int as n from tasks`);
  if ((tasks?.n ?? 0) > 0) return 0;
  const json = JSON.stringify(DEFAULT_TASKS);
  const rows = await q.rows(sql`
    insert into tasks (title, description, reward, type, goal_type, goal_amount, emoji)
    select title, description, reward, type, "goalType", "goalAmount", emoji
    from jsonb_to_recordset(${json}::jsonb) as r(title text, description text, reward bigint, type text, "goalType" text, "goalAmount" bigint, emoji text)
    returning id`);
  return rows.length;
}
