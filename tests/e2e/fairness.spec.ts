import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundDto, RoundsPage } from '../../src/shared/api/fairness';
import { startBuff } from '../../src/server/features/items/buffs';
import { insertItem } from '../../src/server/features/store/builders';
import { call, type TestUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { CasinoPage, FairnessPage, MinefieldPage, RoundList, SpinnerPage } from './pages/GamesPages';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

const roundsOf = async (user: TestUser): Promise<RoundDto[]> =>
  (await call<RoundsPage>(world.server, 'GET', '/api/games/rounds?limit=100', { token: user.token })).body.rounds;

async function play(user: TestUser, path: string, body?: unknown): Promise<void> {
  const res = await call(world.server, 'POST', path, { token: user.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('the verifier on /fairness', () => {
  it("says whether a round's Verify link matches it, in words, with the buff's part of the payout; a tampered form does not match", async () => {
    const user = await world.user();
    const item = await insertItem(world.server.db, { effectType: 'reward-multiplier', effectValue: 150, price: 1000 });
    await startBuff(world.server.db, { userId: user.id, itemId: item.id, effectType: 'reward-multiplier', value: 150, itemPrice: 1000 }, new Date());
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
    expect(await fairness.summary().innerText()).toBe(`slice ${String(spinner!.outcome.slice)} of ${options.length}, pays ${String(spinner!.outcome.reward)}`);
    expect(await fairness.payoutLine().innerText()).toBe(
      `Round #${spinner!._id} paid ${spinner!.payout} = ${Number(spinner!.outcome.reward)} from the seeds + ${bonus} from a reward buff.`,
    );
    // The heading lands below the sticky nav bar, not under it.
    const navBottom = async () => (await page.getByRole('banner').first().boundingBox())!;
    await expect.poll(async () => (await fairness.verifyHeading().boundingBox())!.y).toBeGreaterThanOrEqual((await navBottom()).y + (await navBottom()).height);

    await fairness.verifyLinkOf(roulette!._id).click();
    await fairness.verdict().getByText(`✓ Matches round #${roulette!._id}`).waitFor();
    const o = roulette!.outcome;
    expect(await fairness.summary().innerText()).toBe(
      `pocket ${String(o.pocket)}, ${String(o.result)} (bet red), ${o.win ? 'win' : 'loss'}, pays ${String(o.payout)}`,
    );

    // Another nonce is another round's.
    await fairness.field('Nonce').fill(String(roulette!.nonce + 5));
    await fairness.verdict().getByText(`✗ Does not match round #${roulette!._id}`).waitFor();
    await page.getByTestId('verify-differences').getByText(`nonce: ${roulette!.nonce + 5} here, ${roulette!.nonce} recorded`).waitFor();
    await fairness.field('Nonce').fill(String(roulette!.nonce));
    await fairness.verdict().getByText(`✓ Matches round #${roulette!._id}`).waitFor();

    // So is a bet the round did not take.
    await fairness.field('Game parameters (JSON)').fill(JSON.stringify({ ...roulette!.params, choice: 'green' }));
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
