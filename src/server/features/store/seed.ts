import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { EffectType, ItemType } from '../../../shared/api/store';

export interface DemoItem {
  name: string;
  type: ItemType;
  effectType: EffectType | null;
  /** As typed in the admin form (1.5x, 10 percent); stored in hundredths. */
  effectValue: number | null;
  price: number;
  stock: number;
  emoji: string;
  description: string;
}

/**
 * A store worth browsing on first start: every type and every effect type (issue 8). Each
 * description says what the item really does, caps included (issue 34; itemValue.test.ts).
 */
export const DEMO_ITEMS: DemoItem[] = [
  {
    name: 'Early Bird',
    type: 'badge',
    effectType: null,
    effectValue: null,
    price: 150,
    stock: 500,
    emoji: '🐦',
    description: 'You were here before it was cool.',
  },
  {
    name: 'High Roller',
    type: 'badge',
    effectType: null,
    effectValue: null,
    price: 2500,
    stock: 50,
    emoji: '💎',
    description: 'Proof that you have more coins than sense.',
  },
  {
    name: 'Parlay Prophet',
    type: 'badge',
    effectType: null,
    effectValue: null,
    price: 800,
    stock: 120,
    emoji: '🔮',
    description: 'Saw it coming. Mostly.',
  },
  {
    name: 'Certified Scammer',
    type: 'badge',
    effectType: null,
    effectValue: null,
    price: 404,
    stock: 404,
    emoji: '🦹',
    description: 'All scams final.',
  },
  {
    name: 'Lucky Clover',
    type: 'power-up',
    effectType: 'slots-luck',
    effectValue: 10,
    price: 120,
    stock: 300,
    emoji: '🍀',
    description:
      'For an hour a losing slots spin gets a second chance 10% of the time; second chances pay up to 120 coins in all.',
  },
  {
    name: 'Rabbit Foot',
    type: 'power-up',
    effectType: 'slots-luck',
    effectValue: 25,
    price: 400,
    stock: 80,
    emoji: '🐇',
    description:
      'Not so lucky for the rabbit: +25% slot luck for an hour; second chances pay up to 400 coins in all.',
  },
  {
    name: 'Coin Magnet',
    type: 'power-up',
    effectType: 'reward-multiplier',
    effectValue: 1.25,
    price: 200,
    stock: 250,
    emoji: '🧲',
    description:
      'Free rewards ×1.25 for an hour (spinners, Click Frenzy, Puzzle Rush, tasks, achievements; not wager winnings), up to 200 extra coins.',
  },
  {
    name: 'Golden Goose',
    type: 'power-up',
    effectType: 'reward-multiplier',
    effectValue: 2,
    price: 900,
    stock: 40,
    emoji: '🪿',
    description:
      'Free rewards doubled for an hour (spinners, Click Frenzy, Puzzle Rush, tasks, achievements; not wager winnings), up to 900 extra coins.',
  },
  {
    name: 'Metal Detector',
    type: 'power-up',
    effectType: 'mine-reduction',
    effectValue: 1,
    price: 150,
    stock: 200,
    emoji: '🔍',
    description:
      'Your next Minefield game has one mine fewer; its multiplier is priced on the mines placed.',
  },
  {
    name: 'Bomb Squad',
    type: 'power-up',
    effectType: 'mine-reduction',
    effectValue: 3,
    price: 600,
    stock: 60,
    emoji: '🧯',
    description:
      'Your next Minefield game has three mines fewer (at least one stays); its multiplier is priced on the mines placed.',
  },
  {
    name: 'Second Life',
    type: 'power-up',
    effectType: 'extra-safe-click',
    effectValue: 1,
    price: 350,
    stock: 150,
    emoji: '🛡️',
    description:
      'One mine click in your next Minefield game is forgiven; a game it saves pays at most 350 coins, stake included.',
  },
  {
    name: 'Party Hat',
    type: 'cosmetic',
    effectType: 'cosmetic',
    effectValue: 1,
    price: 75,
    stock: 999,
    emoji: '🥳',
    description: 'Shows beside your name. Very festive.',
  },
  {
    name: 'Crown',
    type: 'cosmetic',
    effectType: 'cosmetic',
    effectValue: 1,
    price: 1500,
    stock: 25,
    emoji: '👑',
    description: 'Shows beside your name. Royalty, apparently.',
  },
  {
    name: 'Fire Aura',
    type: 'cosmetic',
    effectType: 'cosmetic',
    effectValue: 1,
    price: 500,
    stock: 100,
    emoji: '🔥',
    description: 'Shows beside your name. Hot streak energy.',
  },
];

/** Fills an empty store; returns how many items it made. */
export async function ensureDemoItems(q: Queryable): Promise<number> {
  const [existing] = await q.rows<{ n: number }>(
    sql`select count(*)::int as n from items where pet_key is null`,
  );
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = DEMO_ITEMS.map((item) => ({
    name: item.name,
    type: item.type,
    effect_type: item.effectType,
    effect_value: item.effectValue === null ? null : Math.round(item.effectValue * 100),
    price: item.price,
    stock: item.stock,
    emoji: item.emoji,
    description: item.description,
  }));
  const made = await q.rows<{ id: number }>(sql`
    insert into items (name, type, effect_type, effect_value, price, stock, emoji, description)
    select name, type, effect_type, effect_value, price, stock, emoji, description
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as t(name text, type text, effect_type text, effect_value int, price bigint, stock int, emoji text, description text)
    on conflict do nothing
    returning id`);
  return made.length;
}
