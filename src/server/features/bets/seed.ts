import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { oddsToHundredths } from '../../../shared/odds';

/** Demo bets so a fresh install has something to bet on (renewed when all have ended). */
const DEMO_BETS = [
  {
    title: 'Will it rain in Manchester on',
    description: 'Any measurable rain at the airport station counts.',
    days: 3,
    options: [
      { text: 'Yes, obviously', odds: 1.2 },
      { text: 'No, a miracle', odds: 4.5 },
    ],
  },
  {
    title: 'Office bake-off winner, week of',
    description: 'Judged by whoever gets to the kitchen first.',
    days: 5,
    options: [
      { text: 'Lemon drizzle', odds: 2.1 },
      { text: 'Brownies', odds: 2.6 },
      { text: 'Something with raisins', odds: 9 },
    ],
  },
  {
    title: 'How many emails will Larry ignore by',
    description: 'Counted by Larry himself, so take it with salt.',
    days: 7,
    options: [
      { text: 'Under 50', odds: 3.2 },
      { text: '50 to 200', odds: 1.8 },
      { text: 'Over 200', odds: 2.9 },
    ],
  },
];

const dayLabel = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Creates the demo bets when no open bet can still take wagers; returns how many it made. */
export async function ensureOpenDemoBets(q: Queryable, now: Date): Promise<number> {
  const [open] = await q.rows<{ n: number }>(sql`
    select count(*)::int as n from bets where status = 'open' and community_id is null and end_time > ${now.toISOString()}`);
  if ((open?.n ?? 0) > 0) return 0;
  let made = 0;
  for (const demo of DEMO_BETS) {
    const end = new Date(now.getTime() + demo.days * 86_400_000);
    const title = `${demo.title} ${dayLabel(end)}?`;
    const [bet] = await q.rows<{ id: number }>(sql`
      insert into bets (title, description, end_time) values (${title}, ${demo.description}, ${end.toISOString()})
      on conflict do nothing returning id`);
    if (!bet) continue;
    const options = demo.options.map((o, i) => ({
      text: o.text,
      odds: oddsToHundredths(o.odds),
      position: i,
    }));
    await q.rows(sql`
      insert into bet_options (bet_id, text, odds, position)
      select ${bet.id}, text, odds, position from jsonb_to_recordset(${JSON.stringify(options)}::jsonb) as t(text text, odds int, position int)`);
    made++;
  }
  return made;
}
