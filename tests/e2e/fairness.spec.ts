import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedDto, RoundDto, RoundsPage } from '../../src/shared/api/fairness';
import { buildPublished } from '../../src/shared/published';
import { publishedInput } from '../../src/server/features/games/engine/published';
import { ensureDemoItems } from '../../src/server/features/store/seed';
import { startBuff } from '../../src/server/features/items/buffs';
import { insertItem } from '../../src/server/features/store/builders';
import { call, type TestUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import {
  CasinoPage,
  FairnessPage,
  MinefieldPage,
  RoundList,
  SpinnerPage,
} from './pages/GamesPages';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

const roundsOf = async (user: TestUser): Promise<RoundDto[]> =>
  (
    await call<RoundsPage>(world.server, 'GET', '/api/games/rounds?limit=100', {
      token: user.token,
    })
  ).body.rounds;

async function play(user: TestUser, path: string, body?: unknown): Promise<void> {
  const res = await call(world.server, 'POST', path, { token: user.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('the verifier on /fairness', () => {
  it("says whether a round's Verify link matches it, in words, with the buff's part of the payout; a tampered form does not match", async () => {
    const user = await world.user();
    const item = await insertItem(world.server.db, {
      effectType: 'reward-multiplier',
      effectValue: 150,
      price: 1000,
    });
    await startBuff(
      world.server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 150,
        itemPrice: 1000,
      },
      new Date(),
    );
    await play(user, '/api/games/spinner');
    await play(user, '/api/games/roulette', { betAmount: 10, color: 'red' });
    const [roulette, spinner] = await roundsOf(user);
    expect([roulette?.game, spinner?.game]).toEqual(['roulette', 'spinner']);
    const bonus = Number(spinner!.outcome.bonus);
    expect(bonus).toBeGreaterThan(0);

    const page = await world.newPage({ width: 1280, height: 800 });
    await signInAs(page, world.server, user);
    const fairness = new FairnessPage(page);
    await fairness.open();
    await fairness.seedHash.waitFor();
    await fairness.rotate();

    await fairness.verifyLinkOf(spinner!._id).click();
    await fairness.verdict().getByText(`✓ Matches round #${spinner!._id}`).waitFor();
    const options = spinner!.params.rewardOptions as number[];
    expect(await fairness.summary().innerText()).toBe(
      `slice ${String(spinner!.outcome.slice)} of ${options.length}, pays ${String(spinner!.outcome.reward)}`,
    );
    expect(await fairness.payoutLine().innerText()).toBe(
      `Round #${spinner!._id} paid ${spinner!.payout} = ${Number(spinner!.outcome.reward)} from the seeds + ${bonus} from a reward buff.`,
    );
    // The heading lands below the sticky nav bar, not under it.
    const navBottom = async () => (await page.getByRole('banner').first().boundingBox())!;
    await expect
      .poll(async () => (await fairness.verifyHeading().boundingBox())!.y)
      .toBeGreaterThanOrEqual((await navBottom()).y + (await navBottom()).height);

    await fairness.verifyLinkOf(roulette!._id).click();
    await fairness.verdict().getByText(`✓ Matches round #${roulette!._id}`).waitFor();
    const o = roulette!.outcome;
    expect(await fairness.summary().innerText()).toBe(
      `pocket ${String(o.pocket)}, ${String(o.result)} (bet red), ${o.win ? 'win' : 'loss'}, pays ${String(o.payout)}`,
    );

    // Another nonce is another round's.
    await fairness.field('Nonce').fill(String(roulette!.nonce + 5));
    await fairness.verdict().getByText(`✗ Does not match round #${roulette!._id}`).waitFor();
    await page
      .getByTestId('verify-differences')
      .getByText(`nonce: ${roulette!.nonce + 5} here, ${roulette!.nonce} recorded`)
      .waitFor();
    await fairness.field('Nonce').fill(String(roulette!.nonce));
    await fairness.verdict().getByText(`✓ Matches round #${roulette!._id}`).waitFor();

    // So is a bet the round did not take.
    await fairness
      .field('Game parameters (JSON)')
      .fill(JSON.stringify({ ...roulette!.params, choice: 'green' }));
    await fairness.verdict().getByText(`✗ Does not match round #${roulette!._id}`).waitFor();
    await page.getByTestId('verify-differences').getByText("parameters: not the round's").waitFor();
    expect(await fairness.summary().innerText()).toMatch(/\(bet green\)/);
  });

  it('an empty form says what to fill in, and its rules show once something is typed', async () => {
    const page = await world.newPage();
    const fairness = new FairnessPage(page);
    await fairness.open();
    await fairness.verifyHint().waitFor();
    expect(await fairness.verifyError().count()).toBe(0);
    await fairness.field('Client seed').fill('x');
    await fairness.verifyError().waitFor();
    expect(await fairness.verifyHint().count()).toBe(0);
  });
});

describe("'Your last rounds'", () => {
  it("lists a game's own rounds on its page, and every game on /fairness with a filter", async () => {
    const user = await world.user();
    await play(user, '/api/games/spinner');
    await play(user, '/api/games/coin-flip', { betAmount: 5, guess: 'heads' });
    await play(user, '/api/games/minefield/start', { betAmount: 100, rows: 3, cols: 3, mines: 2 });
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const list = new RoundList(page);

    await new MinefieldPage(page).open();
    await expect.poll(() => list.games()).toEqual(['minefield']);

    await new SpinnerPage(page).open();
    await expect.poll(() => list.games()).toEqual(['spinner']);

    await new CasinoPage(page).open();
    await expect.poll(() => list.games()).toEqual(['coin-flip']);

    const fairness = new FairnessPage(page);
    await fairness.open();
    await expect.poll(() => list.games()).toEqual(['minefield', 'coin-flip', 'spinner']);
    await fairness.filterRounds('Spinner');
    await expect.poll(() => list.games()).toEqual(['spinner']);
    await fairness.filterRounds('All games');
    await expect.poll(() => list.games()).toEqual(['minefield', 'coin-flip', 'spinner']);
  });
});

describe('the published figures on /fairness (issue 34)', () => {
  it('draws every row the presenter builds, cell for cell, on a 390 px phone without sideways scrolling, one heading per section', async () => {
    await ensureDemoItems(world.server.db);
    const page = await world.newPage({ width: 390, height: 844 });
    const fairness = new FairnessPage(page);
    await fairness.open();
    const shown = await fairness.publishedRows();
    // The presenter's output for this server's database, built outside the browser.
    const sections = await buildPublished(await publishedInput(world.server.deps, world.server.db));
    const expected = sections.flatMap((s) =>
      s.tables.flatMap((t) => t.rows.map((r) => ({ table: t.key, row: r.key, cells: r.cells }))),
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(shown).toEqual(expected);
    // The route the page reads says the same.
    const served = (await call<PublishedDto>(world.server, 'GET', '/api/fairness/published')).body;
    expect(served.sections).toEqual(sections);

    expect(await fairness.sectionHeadings().allInnerTexts()).toEqual(sections.map((s) => s.title));
    for (const s of sections)
      await page.getByRole('heading', { level: 2, name: s.title, exact: true }).waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    // Stacked on a phone: each cell is under its column's name, no table is wider than the screen.
    const widest = await page
      .locator('[data-testid="published-table"]')
      .evaluateAll((tables) => Math.max(...tables.map((t) => t.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(390);
  });

  it('is reached by keyboard: the list of sections links to each heading', async () => {
    const page = await world.newPage();
    const fairness = new FairnessPage(page);
    await fairness.open();
    await fairness.publishedRows();
    const link = page
      .getByRole('navigation', { name: 'Published figures' })
      .getByRole('link', { name: 'Items', exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#items');
    const heading = page.getByRole('heading', { level: 2, name: 'Items', exact: true });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await heading.boundingBox())!.y).toBeLessThan(800);
    // Tab moves on into the section: its tables' scroll boxes take the focus in turn.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () =>
        document.activeElement?.closest('[data-section]')?.getAttribute('data-section') ??
        document.activeElement?.tagName,
    );
    expect(focused).toBe('items');
  });
});
