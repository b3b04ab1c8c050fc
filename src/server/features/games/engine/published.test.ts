import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PublishedDto } from '../../../../shared/api/fairness';
import { STARTING_BALANCE } from '../../../../shared/constants';
import {
  FRENZY_HOURLY_LIMIT,
  FRENZY_REWARD,
  PUZZLE_RUSH_REWARD,
  SPINNER_IDS,
} from '../../../../shared/games/engine/catalog';
import { TYCOON_DAILY_COIN_MAX } from '../../../../shared/games/coinTycoon/rules';
import { IDLE_MAX_LIFETIME_COINS } from '../../../../shared/games/idleNgu/rules';
import { BOOSTED_REWARDS, buffExtraLimit, itemRule } from '../../../../shared/games/engine/items';
import { itemMaxExpectedValue } from '../../../../shared/games/engine/itemValue';
import {
  CHAINS,
  MAX_COINS_PER_DAY,
  ORDER_TIERS,
  PAYOUT_TABLE,
} from '../../../../shared/games/mergeLab/rules';
import { COLLECTIBLES } from '../../../../shared/games/mysteryBox/rules';
import {
  QUIZ_DAILY_COINS_PER_RIGHT,
  QUIZ_MAX_STAKE,
  QUIZ_MIN_STAKE,
  QUIZ_QUESTIONS,
  quizPayout,
} from '../../../../shared/games/quizDuel/rules';
import {
  compare,
  rational,
  sub,
  toPercentString,
  ONE,
} from '../../../../shared/games/engine/rational';
import { rpsSplit } from '../../../../shared/games/rps/rules';
import { gameRtps, slotsPayRows, spinnerExpectation } from '../../../../shared/games/engine/rtp';
import { slotsPayTable } from '../../../../shared/games/casino/slots';
import {
  drawOdds,
  CLAIM_FOOD_TABLE,
  CLAIM_TOY_TABLE,
} from '../../../../shared/games/virtualPet/claim';
import { breedPrices } from '../../../../shared/games/virtualPet/breeding';
import { GACHA_POOLS, publishedRates } from '../../../../shared/games/virtualPet/gacha';
import {
  DAILY_MINIGAME_COIN_CAP,
  maxScore,
  MINIGAMES,
} from '../../../../shared/games/virtualPet/minigames';
import { publishedSections } from '../../../../shared/published';
import { PUZZLE_TYPES } from '../../../../shared/games/puzzleRush/puzzles';
import { callRoute } from '../../../testing/callRoute';
import { useAdmin } from '../../../testing/builders';
import { registerUser, useTestServer } from '../../../testing/harness';
import { ensureDemoItems } from '../../store/seed';
import { createTask } from '../../tasks/builders';

/*
 * Issue 34: /fairness shows every return, house share, faucet cap, item value, odd and bound,
 * each computed by the code that pays. These build the rows the page renders (through its
 * route, from this server's database) and hold each one to the paying code.
 */

const server = useTestServer();
const admin = useAdmin(server);

const published = async (): Promise<PublishedDto> => {
  const res = await callRoute(server, 'GET /api/fairness/published');
  expect(res.status).toBe(200);
  return res.body;
};

function tableOf(page: PublishedDto, key: string) {
  const found = page.sections.flatMap((s) => s.tables).find((t) => t.key === key);
  if (!found) throw new Error(`no table ${key}`);
  return found;
}

/** The cells of one row, under their column names. */
function rowOf(page: PublishedDto, tableKey: string, rowKey: string): Record<string, string> {
  const t = tableOf(page, tableKey);
  const found = t.rows.find((r) => r.key === rowKey);
  if (!found) throw new Error(`no row ${rowKey} in ${tableKey}`);
  return Object.fromEntries(t.columns.map((c, i) => [c, found.cells[i] ?? '']));
}

const n = (text: string | undefined): number =>
  Number((text ?? '').replace(/,/g, '').split(' ')[0]);
const coinsText = (x: number) => x.toLocaleString('en-US');

describe('GET /api/fairness/published', () => {
  it('answers without a token, one section per entry of the list, each with a heading and rows', async () => {
    const page = await published();
    expect(page.sections.map((s) => s.key)).toEqual((await publishedSections()).map((d) => d.key));
    for (const section of page.sections) {
      expect(section.title.length).toBeGreaterThan(0);
      for (const t of section.tables)
        for (const r of t.rows) expect(r.cells).toHaveLength(t.columns.length);
    }
  });

  it("states every stake game's return and house share as the paying code computes them: quiz duel's floor, RPS's 0%", async () => {
    const page = await published();
    for (const rtp of gameRtps()) {
      const r = rowOf(page, 'returns', `${rtp.game}-${rtp.variant}`);
      expect([r.Return, r['House share']]).toEqual([rtp.percent, rtp.houseEdgePercent]);
    }
    const quiz = rowOf(page, 'returns', 'quiz-duel');
    // The house keeps what the payout floors away: 1 - payout / pot.
    expect(quiz['House share']).toContain(
      `${toPercentString(sub(ONE, rational(quizPayout(1000), 2000)))} at stake 1,000`,
    );
    // The most it keeps at any stake the duel accepts, found here by trying them all: never above 5%.
    let worst = QUIZ_MIN_STAKE;
    for (let stake = QUIZ_MIN_STAKE; stake <= QUIZ_MAX_STAKE; stake++) {
      const kept = 2 * stake - quizPayout(stake);
      expect(kept * 100).toBeLessThanOrEqual(5 * 2 * stake);
      if (kept * 2 * worst > (2 * worst - quizPayout(worst)) * 2 * stake) worst = stake;
    }
    expect(quiz['House share']).toContain(
      `at most ${toPercentString(sub(ONE, rational(quizPayout(worst), 2 * worst)))} at any stake`,
    );
    const split = rpsSplit(500);
    expect(rowOf(page, 'returns', 'rps')['House share']).toBe(
      toPercentString(sub(ONE, rational(split.winner + split.loser, 1000))),
    );
  });

  it('publishes the slots pay table, every wheel from its current table and every mystery-box drop', async () => {
    await server.db.rows(sql`
      insert into spinner_tables (spinner_id, reward_options, weights) values ('spinner12', '{7,70}', '{3,1}')
      on conflict (spinner_id) do update set reward_options = excluded.reward_options, weights = excluded.weights`);
    const page = await published();
    const lines = slotsPayTable();
    for (const line of slotsPayRows()) {
      const r = rowOf(page, 'slots-pay', line.combo);
      const paid = lines.find((l) => l.combo === line.combo)!;
      expect([r.Pays, n(r['Ways of 9,261']), r.Chance]).toEqual([
        `${paid.multiplier}x`,
        paid.ways,
        line.percent,
      ]);
    }
    const tables = (await callRoute(server, 'GET /api/fairness/spinners')).body;
    expect(tables.spinner12).toEqual({ rewardOptions: [7, 70], weights: [3, 1] });
    for (const id of SPINNER_IDS) {
      const ev = spinnerExpectation(id, tables[id]);
      expect(rowOf(page, 'spinner-ev', id)['Expected coins']).toBe(ev.coins);
      expect(tableOf(page, `spinner-${id}`).rows.map((r) => r.cells)).toEqual(
        ev.slices.map((s) => [coinsText(s.reward), coinsText(s.weight), s.percent]),
      );
    }
    expect(rowOf(page, 'spinner-ev', 'spinner12')['Expected coins']).toBe('22.75');
    for (const drop of COLLECTIBLES) {
      const box = page.sections
        .find((s) => s.key === 'mystery-box')!
        .tables.find((t) => t.rows.some((r) => r.key === drop.key))!;
      expect(n(rowOf(page, box.key, drop.key)['Sells back for'])).toBe(drop.value);
    }
  });

  it("states each faucet's daily and lifetime cap, the tasks' and achievements' from the database", async () => {
    const before = await published();
    await createTask(server, admin, { type: 'daily', reward: 70 });
    await createTask(server, admin, { type: 'weekly', reward: 300 });
    await createTask(server, admin, { type: 'bonus', reward: 1200 });
    const made = await callRoute(server, 'POST /api/achievements/create', {
      token: admin.token,
      body: {
        title: 'Published',
        description: 'Sign in',
        criteria: 'logins',
        threshold: 1,
        reward: 444,
      },
    });
    expect(made.status).toBe(201);
    const page = await published();
    const day = (key: string, p = page) => n(rowOf(p, 'faucets', key)['Most in a UTC day']);
    const ever = (key: string, p = page) => rowOf(p, 'faucets', key)['Most ever'];
    expect(day('daily-tasks') - day('daily-tasks', before)).toBe(70);
    expect(day('weekly-tasks') - day('weekly-tasks', before)).toBe(300);
    expect(n(ever('bonus-tasks')) - n(ever('bonus-tasks', before))).toBe(1200);
    expect(n(ever('achievements')) - n(ever('achievements', before))).toBe(444);

    // A new account is paid exactly the grant the row states.
    const user = await registerUser(server);
    expect((await callRoute(server, 'GET /api/user/me', { token: user.token })).body.balance).toBe(
      n(ever('starting-grant')),
    );
    expect(n(ever('starting-grant'))).toBe(STARTING_BALANCE);
    expect(day('frenzy')).toBe(24 * FRENZY_HOURLY_LIMIT * FRENZY_REWARD);
    expect(day('puzzle-rush')).toBe(PUZZLE_TYPES.length * PUZZLE_RUSH_REWARD);
    expect(day('daily-quiz')).toBe(QUIZ_QUESTIONS * QUIZ_DAILY_COINS_PER_RIGHT);
    expect(day('tycoon-dividend')).toBe(TYCOON_DAILY_COIN_MAX);
    expect([day('idle-bosses'), n(ever('idle-bosses'))]).toEqual([
      IDLE_MAX_LIFETIME_COINS,
      IDLE_MAX_LIFETIME_COINS,
    ]);
    expect(day('merge-lab')).toBe(MAX_COINS_PER_DAY);
    expect(day('minigames')).toBe(DAILY_MINIGAME_COIN_CAP);
    // Four hours cut by a quarter: eight claims a day of (40 + 10 x 10) x 2.
    expect(day('sanctuary-claim')).toBe(8 * 280);
  });

  it('lists every item on sale with what it does and the most it can add, never above its price; and what a multiplier boosts (not the sanctuary claim)', async () => {
    await ensureDemoItems(server.db);
    const page = await published();
    const items = (
      await callRoute(server, 'GET /api/store/items', { token: admin.token })
    ).body.filter((i) => !i.retired);
    const onSale = items.filter((i) => !COLLECTIBLES.some((c) => c.name === i.name));
    expect(tableOf(page, 'items').rows.map((r) => r.key)).toEqual(onSale.map((i) => i._id));
    for (const item of onSale) {
      const r = rowOf(page, 'items', item._id);
      const value = itemMaxExpectedValue(item);
      expect(r['What it does']).toBe(itemRule(item));
      expect(n(r.Price)).toBe(item.price);
      const most = n(r['Most it can add']?.replace('at most ', ''));
      expect(most).toBeCloseTo(Number(value.coins.num) / Number(value.coins.den), 2);
      expect(compare(value.coins, rational(item.price))).toBeLessThanOrEqual(0);
      if (item.effectType === 'reward-multiplier') expect(most).toBe(buffExtraLimit(item.price));
    }
    const boosted = tableOf(page, 'boosted');
    expect(boosted.rows.filter((r) => r.cells[1]!.startsWith('yes')).map((r) => r.key)).toEqual(
      BOOSTED_REWARDS.map((b) => b.key),
    );
    expect(boosted.rows.find((r) => r.cells[0]!.includes('sanctuary claims'))?.cells[1]).toBe('no');
  });

  it("publishes Merge Lab's odds and pay table, the mini-games' bounds, the claim's draw odds and the gacha's rates", async () => {
    const page = await published();
    for (const chain of CHAINS)
      expect(rowOf(page, 'merge-tap', `chain-${chain.key}`).Chance).toBe(
        toPercentString(rational(1, CHAINS.length)),
      );
    for (const tier of ORDER_TIERS)
      expect(rowOf(page, 'merge-orders', `tier-${tier}`).Chance).toBe(
        toPercentString(rational(1, ORDER_TIERS.length)),
      );
    for (const p of PAYOUT_TABLE) {
      const r = rowOf(page, 'merge-pay', String(p.tier));
      expect([
        n(r['Energy in it']),
        r['An order pays'] === 'no order asks for it' ? null : n(r['An order pays']),
        n(r['Selling pays']),
      ]).toEqual([p.energy, p.order, p.sell]);
    }
    // The bound in words is the server's: 10 s of play after the countdown.
    for (const game of MINIGAMES) {
      const bound = rowOf(page, 'minigame-bounds', game)['Score counted at most'] ?? '';
      if (game === 'critter-match') expect(bound).toContain(`exactly ${maxScore(game, 60_000)}`);
      else expect(Math.floor(Number(bound.split(' ')[0]) * 10) + 1).toBe(maxScore(game, 13_000));
    }
    for (const [key, draws] of [
      ['claim-foods', CLAIM_FOOD_TABLE],
      ['claim-toys', CLAIM_TOY_TABLE],
    ] as const) {
      expect(tableOf(page, key).rows.map((r) => [r.key, r.cells[2]])).toEqual(
        drawOdds(draws).map((o) => [o.key, `${o.percent}%`]),
      );
    }
    for (const pool of GACHA_POOLS) {
      expect(tableOf(page, `gacha-${pool.id}`).rows.map((r) => r.cells.slice(1, 3))).toEqual(
        publishedRates(pool).map((r) => [r.base, r.consolidated]),
      );
    }
    // Breeding is priced by the child's rarity, never far below what the gacha costs for one.
    for (const price of breedPrices()) {
      const r = rowOf(page, 'breeding-prices', price.rarity);
      expect([n(r.Gold), n(r['Pet coins'])]).toEqual([price.gold, price.petCoins]);
      expect(price.gold).toBeGreaterThanOrEqual(price.gachaGold);
    }
  });
});
