import { sql } from 'drizzle-orm';
import type { Page, Response, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CritterActionResponse,
  CrittersDto,
  EggDto,
  GachaSpinResponse,
  GamesUserDto,
  MinigameCompleteResponse,
} from '../../src/shared/games/virtualPet/contract';
import { SPECIES } from '../../src/shared/games/virtualPet/catalog';
import {
  GACHA_POOLS,
  PITY_LIMIT,
  expectedPullsText,
  publishedRates,
  type GachaPool,
} from '../../src/shared/games/virtualPet/gacha';
import {
  BREED_PRICE_RULE,
  breedPrice,
  breedPrices,
  HATCH_MS,
} from '../../src/shared/games/virtualPet/breeding';
import {
  CRITTER_MATCH_MIN_MS,
  CRITTER_MATCH_SCORE,
  MATCH_PAIRS,
} from '../../src/shared/games/virtualPet/minigames';
import { CATCHER_Y } from '../../src/client/features/games/virtualPet/minigames/coinCatcher';
import { WORLD_H, WORLD_W } from '../../src/client/features/games/virtualPet/minigames/engine';
import { call, expectLedgerBalanced, type TestUser } from '../../src/server/testing/harness';
import { grantGold, grantPetCurrency } from '../../src/server/features/games/virtualPet/builders';
import { signInAs, startWorld, type World } from './support/world';
import { phoneReport } from './support/phone';
import { textWithEmoji, waitForPath } from './support/helpers';
import {
  BreedingPage,
  GachaPage,
  MiniGamesPage,
  PET_BASE,
  PetNav,
  SanctuaryPage,
  type PetMinigame,
} from './pages/PetPages';
import { Toasts } from './pages/Toasts';

/**
 * The virtual-pet area, part 2 (issue 22), in a real browser: gacha spins with their reveal, pity
 * and verify links; breeding from the pickers to the hatch, with the page's clock moved by the
 * test; the three mini-games played through the page; every part-2 page on a phone with axe-core.
 */
const PHONE = { width: 390, height: 844 };
/** expect.poll waits 1 s by default; a page answering a click under load may take longer. */
const POLL = { timeout: 5_000 };
/** A row through the top of Coin catcher's basket (below it the critter rides). */
const BASKET_ROW = CATCHER_Y + 2;

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

/** Set-up: adopts a starter over HTTP. */
async function adopt(user: TestUser, species: string): Promise<CritterActionResponse> {
  const res = await call<CritterActionResponse>(world.server, 'POST', '/api/critters/adopt', {
    token: user.token,
    body: { species },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Set-up: buys a shop pet for 300 pet coins, granted first. */
async function buyPet(user: TestUser, species: string): Promise<CritterActionResponse> {
  await grantPetCurrency(world.server.db, user.id, 'pet_coins', 300);
  const res = await call<CritterActionResponse>(world.server, 'POST', '/api/shop/buy-pet', {
    token: user.token,
    body: { species },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function meOf(user: TestUser): Promise<GamesUserDto> {
  const res = await call<GamesUserDto>(world.server, 'GET', '/api/user/me', { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}

async function crittersOf(user: TestUser): Promise<CrittersDto['critters']> {
  const res = await call<CrittersDto>(world.server, 'GET', '/api/critters/mine', {
    token: user.token,
  });
  expect(res.status).toBe(200);
  return res.body.critters;
}

/** The page's next answer to `method path`. */
const answerTo = (page: Page, method: string, path: string): Promise<Response> =>
  page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname === path,
  );

/** The pool card's odds per pull as the page prints them: '60.00%'. */
const oddsShown = (pool: GachaPool): Record<string, string> =>
  Object.fromEntries(Object.entries(pool.odds).map(([r, w]) => [r, `${(w / 100).toFixed(2)}%`]));

const starlight = GACHA_POOLS.find((p) => p.id === 'starlight')!;
const mythic = GACHA_POOLS.find((p) => p.id === 'mythic')!;

describe('virtual pet, part 2', () => {
  it('gacha: two pools with cost, odds and an empty pity bar; ×10 on Starlight reveals ten pulls in order (all at once with reduced motion), moves the pity bar, costs 5,000 gold, links each pull to /fairness; Mythic ×10 needs 20,000', async () => {
    const user = await world.user();
    // 1,000 at sign-up + 14,000: two ×10 spins on Starlight (5,000 each), never the 20,000 of Mythic ×10.
    await grantGold(world.server.db, user.id, 14_000);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const gacha = new GachaPage(page);
    await gacha.open();
    expect(await gacha.goldFigure('15,000')).toBe('15,000');
    expect(await gacha.pools.count()).toBe(2);

    for (const pool of GACHA_POOLS) {
      const card = gacha.pool(pool.id as 'starlight' | 'mythic');
      expect((await textWithEmoji(card.title)).trim()).toBe(`${pool.emoji} ${pool.name}`);
      expect(await card.cost.innerText()).toBe(pool.cost.toLocaleString('en-US'));
      expect(await card.oddsTable()).toEqual(oddsShown(pool));
      expect(await card.pityFigure.innerText()).toBe(`0 / ${PITY_LIMIT}`);
      expect(await card.pityBar.getAttribute('aria-valuenow')).toBe('0');
      await card.text(`Legendary or better guaranteed by pull ${PITY_LIMIT}.`).waitFor();
      expect(await card.spinButton(1).isEnabled()).toBe(true);
      expect(await card.results.count()).toBe(0);
    }
    const star = gacha.pool('starlight');
    const myth = gacha.pool('mythic');
    // 15,000 gold: Starlight ×10 (5,000) can go, Mythic ×10 (20,000) cannot, and the card says why.
    expect(await star.spinButton(10).isEnabled()).toBe(true);
    expect(await star.blockedLine().count()).toBe(0);
    expect(await myth.spinButton(10).isDisabled()).toBe(true);
    expect(await myth.blockedLine().innerText()).toBe('×10 needs 20,000 gold; you have 15,000.');

    // Odds details: base and consolidated rates (pity counted) and the expected pulls, as the shared maths computes them.
    expect(await star.openOddsDetails()).toEqual(
      publishedRates(starlight).map(({ rarity, base, consolidated }) => ({
        rarity,
        base,
        consolidated,
      })),
    );
    expect(await star.expectedPulls().innerText()).toBe(expectedPullsText(starlight));
    expect(await myth.openOddsDetails()).toEqual(
      publishedRates(mythic).map(({ rarity, base, consolidated }) => ({
        rarity,
        base,
        consolidated,
      })),
    );
    expect(await myth.expectedPulls().innerText()).toBe(expectedPullsText(mythic));

    // ×10 with motion: the pulls appear one after another, in the answer's order.
    const counts = await star.trackResultCounts();
    const answered = answerTo(page, 'POST', '/api/gacha/spin');
    await star.spinButton(10).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const spin = (await response.json()) as GachaSpinResponse;
    expect(spin.results).toHaveLength(10);
    await star.showAll.waitFor();
    await star.summary.filter({ hasText: /\b10 pulls: / }).waitFor();
    const steps = await counts();
    // One step per pull (a step may hold two should a timer fire late): always more, never all at once.
    expect(steps.at(-1)).toBe(10);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.every((n, i) => i === 0 || n > steps[i - 1]!)).toBe(true);
    expect(await star.showAll.count()).toBe(0);
    const cards = await star.resultItems.allInnerTexts();
    expect(cards).toHaveLength(10);
    cards.forEach((text, i) => {
      const pull = spin.results[i]!;
      expect(text).toContain(`Pull ${i + 1}`);
      expect(text).toContain(pull.name);
      expect(text).toContain(`Variant: ${pull.variant}`);
      expect(text).toContain(pull.rarity);
    });
    // Each pull has a verify link to /fairness naming its round and nonce.
    for (const [i, pull] of spin.results.entries()) {
      const href = (await star.verifyLink(star.resultItems.nth(i)).getAttribute('href')) ?? '';
      const url = new URL(href, world.server.url);
      expect(url.pathname).toBe('/fairness');
      expect(url.searchParams.get('game')).toBe('gacha');
      expect(url.searchParams.get('round')).toBe(pull.roundId);
      expect(url.searchParams.get('nonce')).toBe(String(pull.nonce));
    }
    expect(new Set(spin.results.map((r) => r.nonce)).size).toBe(10);
    // The pity bar moves to the answer's count; the gold drops by 5,000.
    await expect
      .poll(() => star.pityBar.getAttribute('aria-valuenow'), POLL)
      .toBe(String(spin.pityCount));
    expect(await star.pityFigure.innerText()).toBe(`${spin.pityCount} / ${PITY_LIMIT}`);
    expect(spin.newBalance).toBe(10_000);
    expect(await gacha.goldFigure('10,000')).toBe('10,000');
    expect(await myth.blockedLine().innerText()).toBe('×10 needs 20,000 gold; you have 10,000.');

    // With reduced motion, the next ×10 shows its ten pulls at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gacha.open();
    expect(await star.pityBar.getAttribute('aria-valuenow')).toBe(String(spin.pityCount));
    const atOnce = await star.trackResultCounts();
    const again = answerTo(page, 'POST', '/api/gacha/spin');
    await star.spinButton(10).click();
    const second = (await (await again).json()) as GachaSpinResponse;
    await star.summary.filter({ hasText: /\b10 pulls: / }).waitFor();
    expect(await atOnce()).toEqual([10]);
    expect(await star.showAll.count()).toBe(0);
    expect((await star.resultItems.allInnerTexts()).map((t) => /Pull (\d+)/.exec(t)?.[1])).toEqual(
      second.results.map((_, i) => String(i + 1)),
    );
    await expect
      .poll(() => star.pityBar.getAttribute('aria-valuenow'), POLL)
      .toBe(String(second.pityCount));
    expect(await gacha.goldFigure('5,000')).toBe('5,000');

    // 5,000 gold: Starlight ×10 still goes (after the button's quiet second); Mythic ×1 does, its ×10 does not.
    await expect.poll(() => star.spinButton(10).isEnabled(), POLL).toBe(true);
    expect(await myth.spinButton(1).isEnabled()).toBe(true);
    expect(await myth.spinButton(10).isDisabled()).toBe(true);
    expect(await myth.blockedLine().innerText()).toBe('×10 needs 20,000 gold; you have 5,000.');
    expect((await meOf(user)).balance).toBe(5_000);
    expect(await crittersOf(user)).toHaveLength(20);

    // A verify link leads to the fairness page.
    await star.verifyLink(star.resultItems.first()).click();
    await waitForPath(page, '/fairness');
  });

  it('breeding: picks two parents, previews a generation-2 egg, pays 500 pet coins; the countdown follows the page clock; the parents are breeding; a ready egg hatches a third critter and the parents rest', async () => {
    const user = await world.user();
    const { critter: sprout } = await adopt(user, 'sproutling');
    const { critter: pup } = await buyPet(user, 'emberpup');
    await grantPetCurrency(world.server.db, user.id, 'pet_coins', 500);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const toasts = new Toasts(page);
    // The browser's clock is the test's from here (it runs with real time until paused).
    await page.clock.install();
    const breeding = new BreedingPage(page);
    await breeding.open();
    await breeding.noEggs.waitFor();
    await breeding.coins.filter({ hasText: /^\s*500\s*$/ }).waitFor();
    expect(await breeding.breedButton.isDisabled()).toBe(true);
    // The published price rule, each rarity's price from the function the server charges by (issue 34).
    expect(await page.getByTestId('breed-price-rule').innerText()).toBe(BREED_PRICE_RULE);
    expect(
      await page
        .getByTestId('breed-price-row')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
        ),
    ).toEqual(
      breedPrices().map((p) => [
        p.rarity,
        p.gold.toLocaleString('en-US'),
        p.petCoins.toLocaleString('en-US'),
        `${p.gachaGold.toLocaleString('en-US')} gold (${p.gachaPool === 'mythic' ? 'Mythic Pool' : 'Starlight Pool'})`,
      ]),
    );
    expect(breedPrice('Mythical')).toMatchObject({ gold: 66_700, petCoins: 6670 });
    expect(await breeding.blockedLine.innerText()).toBe(
      'Pick two different critters that are free to breed.',
    );

    await breeding.parent('a').selectOption(sprout._id);
    await breeding.picked('a').getByText('Sproutling').waitFor();
    // The first parent cannot be picked again as the second.
    const second = await breeding.parentOptions('b');
    expect(second.find((o) => o.value === sprout._id)).toMatchObject({
      disabled: true,
      label: expect.stringMatching(/\(picked as the other parent\)$/),
    });
    expect(second.find((o) => o.value === pup._id)?.disabled).toBe(false);
    await breeding.parent('b').selectOption(pup._id);
    await breeding.picked('b').getByText('Emberpup').waitFor();

    // The preview: the lower rarity (both Common), generation 2, an hour to hatch; species 50/50.
    await breeding.preview.waitFor();
    expect((await breeding.previewRarity().innerText()).replace(/\s+/g, ' ').trim()).toBe(
      'Common the lower of the two',
    );
    expect(await breeding.previewGeneration().innerText()).toBe('2');
    expect(await breeding.previewHatch().innerText()).toBe('1 h');
    await breeding.preview.getByText('Sproutling 50%').waitFor();
    await breeding.preview.getByText('Emberpup 50%').waitFor();
    // 1,000 gold is short of 5,000: pet coins it is.
    expect(await breeding.payment('gold').isDisabled()).toBe(true);
    await breeding.payment('pet').check();
    expect(await breeding.payment('pet').isChecked()).toBe(true);
    expect(await breeding.breedButton.isEnabled()).toBe(true);

    const bred = answerTo(page, 'POST', '/api/breeding/critters/breed');
    const eggsRead = answerTo(page, 'GET', '/api/breeding/eggs');
    await breeding.breedButton.click();
    const response = await bred;
    expect(response.status()).toBe(201);
    const egg = ((await response.json()) as { egg: EggDto }).egg;
    expect(egg.child).toMatchObject({ rarity: 'Common', generation: 2 });
    expect(['sproutling', 'emberpup']).toContain(egg.child.species);
    await toasts
      .message(`An egg! It holds a Common ${egg.child.name} and hatches in 1 h.`)
      .waitFor();
    const card = breeding.egg(0);
    await card.countdown.waitFor();
    expect(await breeding.eggs.count()).toBe(1);
    expect(await card.title.innerText()).toContain(`${egg.child.name} (${egg.child.variant})`);
    expect(await card.root.getByText('Generation 2').count()).toBe(1);
    expect(await card.countdown.innerText()).toMatch(/^\d\d:\d\d:\d\d$/);
    const left = await card.secondsLeft();
    // The page's clock is read once a second, so a fresh egg may show a second more than the hour.
    expect(left).toBeLessThanOrEqual(HATCH_MS.Common / 1000 + 1);
    expect(left).toBeGreaterThan(HATCH_MS.Common / 1000 - 60);
    await breeding.coins.filter({ hasText: /^\s*0\s*$/ }).waitFor();
    await eggsRead;

    // Both parents are breeding, and neither picker offers them.
    await expect
      .poll(() => breeding.listedIds('breeding'), POLL)
      .toEqual([sprout._id, pup._id].sort());
    for (const which of ['a', 'b'] as const) {
      const options = (await breeding.parentOptions(which)).filter((o) => o.value !== '');
      expect(options.map((o) => o.disabled)).toEqual([true, true]);
      for (const o of options)
        expect(o.label).toMatch(/\(breeding, egg hatches in \d\d:\d\d:\d\d\)$/);
    }
    await page.getByText('0 of 2 critters can be picked here.').first().waitFor();
    expect(await breeding.breedButton.isDisabled()).toBe(true);

    // The countdown runs on the page's clock. The 10 s refresh would set it by the server's
    // clock again, so the reads are held meanwhile; then the test stops the clock and moves it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding: Promise<void>[] = [];
    const hold = (route: Route) => {
      const sent = held.then(() => route.continue());
      holding.push(sent);
      return sent;
    };
    await page.route('**/api/breeding/eggs', hold);
    await page.route('**/api/critters/mine', hold);
    const at = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(at + 100);
    // The once-a-second tick is due within the next second: jumping a second fires it at a known time.
    await page.clock.fastForward(1_000);
    const before = await card.secondsLeft();
    await page.clock.fastForward(5_000);
    await expect.poll(() => card.secondsLeft(), POLL).toBe(before - 5);
    await page.clock.fastForward(60_000);
    await expect.poll(() => card.secondsLeft(), POLL).toBe(before - 65);

    // The egg is made ready on the server, and the page's clock is moved past its hatch time.
    await world.server.db.rows(
      sql`update virtual_pet_eggs set hatch_at = now() - interval '1 second' where id = ${Number(egg._id)}`,
    );
    await world.server.db.rows(
      sql`update virtual_pet_critters set breeding_hatch_at = now() - interval '1 second' where id in (${Number(sprout._id)}, ${Number(pup._id)})`,
    );
    release();
    await Promise.all(holding);
    await page.unroute('**/api/breeding/eggs', hold);
    await page.unroute('**/api/critters/mine', hold);
    await page.clock.fastForward(HATCH_MS.Common);
    await page.clock.resume();
    await card.hatchButton.waitFor();
    expect(await card.ready.innerText()).toBe('Ready to hatch!');
    expect(await card.countdown.count()).toBe(0);
    expect(await card.incubation.getAttribute('aria-valuenow')).toBe('100');

    const hatched = answerTo(page, 'POST', `/api/breeding/eggs/${egg._id}/hatch`);
    await card.hatchButton.click();
    const hatch = await hatched;
    expect(hatch.status()).toBe(200);
    const child = ((await hatch.json()) as { critter: CrittersDto['critters'][number] }).critter;
    expect(child).toMatchObject({
      species: egg.child.species,
      variant: egg.child.variant,
      generation: 2,
    });
    expect(await toasts.waitFor(`${child.name} hatched and joined your sanctuary!`)).toBe(
      `${child.name} hatched and joined your sanctuary!`,
    );
    await breeding.noEggs.waitFor();
    // The parents rest for a day, and so does the child before its first breeding (issue 34).
    await expect
      .poll(() => breeding.listedIds('cooldown'), POLL)
      .toEqual([sprout._id, pup._id, child._id].sort());
    expect(await breeding.breedingList.count()).toBe(0);
    await page.getByText('No critter is breeding.').waitFor();
    // A day's rest from the hatch, on the server's clock again (the page reads it after the test's jumps).
    await expect
      .poll(() => breeding.cooldownList.first().innerText(), POLL)
      .toMatch(/free in 23:5\d:\d\d$/);
    await page.getByText('0 of 3 critters can be picked here.').first().waitFor();
    for (const o of (await breeding.parentOptions('a')).filter((o) => o.value !== '')) {
      expect(o).toMatchObject({
        disabled: true,
        label: expect.stringMatching(/\(resting after a hatch, \d\d:\d\d:\d\d left\)$/),
      });
    }

    // The sanctuary has three critters now.
    await new PetNav(page).link('Sanctuary').click();
    await waitForPath(page, PET_BASE);
    const sanctuary = new SanctuaryPage(page);
    await sanctuary.critterCards.first().waitFor();
    await expect.poll(() => sanctuary.critterCards.count(), POLL).toBe(3);
    expect(await crittersOf(user)).toHaveLength(3);
  });

  it('Critter Match through the page: faces stay hidden until turned; all 8 pairs found, the score is held until the run lasted 8 s, then pays 100 experience and 10 pet coins', async () => {
    const user = await world.user();
    const { critter } = await adopt(user, 'puddlefin');
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const mini = new MiniGamesPage(page);
    await mini.open();
    await mini.pick('critter-match');
    expect(await mini.cards.count()).toBe(2 * MATCH_PAIRS);

    // Nothing on the board tells a face before it is turned: every card reads the same.
    const board = page.getByRole('list', { name: /^Critter Match: / });
    const hidden = async () => {
      const html = await board.evaluate((el) => el.outerHTML);
      return SPECIES.filter((s) => html.includes(s.name) || html.includes(s.emoji)).map(
        (s) => s.key,
      );
    };
    expect(await hidden()).toEqual([]);
    expect(
      await mini.cards.evaluateAll((cards) =>
        cards.map(
          (c) =>
            `${c.getAttribute('aria-label')?.replace(/^Card \d+/, 'Card')}|${c.textContent}${c.querySelector('img')?.alt ?? ''}|${c.getAttribute('data-state')}`,
        ),
      ),
    ).toEqual(Array.from({ length: 2 * MATCH_PAIRS }, () => 'Card, face down|❔|down'));
    expect(await mini.card(0).isDisabled()).toBe(true);

    const started = answerTo(page, 'POST', '/api/sanctuary/minigame/start');
    await mini.startButton.click();
    expect((await started).status()).toBe(201);
    const startedAt = Date.now();
    await mini.countdown.waitFor();
    await expect.poll(() => mini.card(0).isEnabled(), POLL).toBe(true);
    expect(await hidden()).toEqual([]);

    // A simple memory: every face seen and not yet matched, by card; and the cards matched.
    const seen = new Map<number, string>();
    const done = new Set<number>();
    let pairs = 0;
    const completeSent = page
      .waitForRequest(
        (r) =>
          r.method() === 'POST' && new URL(r.url()).pathname === '/api/sanctuary/minigame/complete',
        { timeout: 15_000 },
      )
      .then((request) => ({ request, at: Date.now() }));
    // Awaited below; a failure before then must not surface as an unhandled rejection.
    completeSent.catch(() => undefined);
    const flip = async (index: number): Promise<string> => {
      await mini.card(index).click();
      return mini.faceOf(index);
    };
    const matched = async (a: number, b: number) => {
      for (const i of [a, b])
        await mini.card(i).and(page.locator('[data-state="matched"]')).waitFor();
      seen.delete(a);
      seen.delete(b);
      done.add(a).add(b);
      pairs += 1;
      await mini.matchProgress
        .getByText(new RegExp(`^Pairs ${pairs} / ${MATCH_PAIRS} · `))
        .waitFor();
    };
    const knownPair = (): [number, number] | null => {
      for (const [i, face] of seen)
        for (const [j, other] of seen) if (i < j && face === other) return [i, j];
      return null;
    };
    const unseen = (except: number) => {
      for (let i = 0; i < 2 * MATCH_PAIRS; i++)
        if (i !== except && !seen.has(i) && !done.has(i)) return i;
      throw new Error('no card left unseen');
    };
    while (pairs < MATCH_PAIRS) {
      const known = knownPair();
      if (known) {
        // One of them may still show from the last miss: turn the face-down one first (that turns the miss back).
        const states = await Promise.all(known.map((i) => mini.card(i).getAttribute('data-state')));
        const [a, b] = states[0] === 'down' ? known : [known[1], known[0]];
        await flip(a);
        await flip(b);
        await matched(a, b);
        continue;
      }
      const a = unseen(-1);
      seen.set(a, await flip(a));
      const partner = [...seen].find(([j, face]) => j !== a && face === seen.get(a))?.[0];
      const b = partner ?? unseen(a);
      seen.set(b, await flip(b));
      if (seen.get(a) === seen.get(b)) await matched(a, b);
    }

    // The board is done: the page says so at once but holds the score until the run has lasted 8 s.
    await mini.result.waitFor();
    expect(await mini.result.getByText('All pairs found! Score 100 points.').count()).toBe(1);
    if (Date.now() - startedAt < CRITTER_MATCH_MIN_MS - 1_000) {
      expect(await mini.result.getAttribute('data-save')).toBe('waiting');
      expect(await mini.result.getByRole('status').innerText()).toBe('Saving your score…');
    }
    const { request: sent, at: sentAt } = await completeSent;
    expect(sentAt - startedAt).toBeGreaterThanOrEqual(CRITTER_MATCH_MIN_MS);
    expect(sent.postDataJSON()).toMatchObject({
      critterId: critter._id,
      game: 'critter-match',
      actualScore: CRITTER_MATCH_SCORE,
    });
    const answer = (await (await sent.response())!.json()) as MinigameCompleteResponse;
    expect(answer).toMatchObject({
      score: 100,
      clamped: false,
      experienceEarned: 100,
      coinsEarned: 10,
      coinsCapped: 0,
    });
    await mini.resultSaved('saved').waitFor({ timeout: 15_000 });
    expect(await mini.resultLines()).toEqual([
      'Score counted: 100',
      '+100 experience',
      '+10 pet coins',
    ]);
    await mini.petCoins.filter({ hasText: /^\s*10\s*$/ }).waitFor();

    // The server agrees.
    expect((await meOf(user)).resources.coins).toBe(10);
    expect((await crittersOf(user)).find((c) => c._id === critter._id)?.experience).toBe(100);
  });

  it('Coin catcher by keyboard (Enter, arrows, Escape) and the touch pad, then Dodge n Dash (Space, Escape): the countdown, the game, what is sent; frames per second measured', async () => {
    const user = await world.user();
    await adopt(user, 'puddlefin');
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const mini = new MiniGamesPage(page);
    await mini.open();
    const completes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sanctuary/minigame/complete')
        completes.push(r.postData() ?? '');
    });

    /** Starts the stage's game with its key, waits out the countdown and returns the fps reader. */
    const startByKey = async (game: Exclude<PetMinigame, 'critter-match'>, key: 'Enter' | ' ') => {
      expect(await mini.stage.getAttribute('data-game')).toBe(game);
      await mini.phase('idle');
      expect(await mini.pad('left').isDisabled()).toBe(true);
      const fps = await mini.trackFps();
      const started = answerTo(page, 'POST', '/api/sanctuary/minigame/start');
      await page.keyboard.press(key);
      expect((await started).status()).toBe(201);
      await mini.countdown.waitFor();
      expect(await mini.countdown.innerText()).toMatch(/^[123]$/);
      expect(await mini.exitButton.isEnabled()).toBe(true);
      await mini.phase('playing');
      expect(await mini.countdown.count()).toBe(0);
      expect(await mini.pad('left').isEnabled()).toBe(true);
      // The meter has published at least one figure (it counts from the countdown's first frame).
      await expect.poll(() => mini.fps(), POLL).toBeGreaterThan(0);
      return fps;
    };

    /** Escape ends the game: a score above 0 is sent and paid, 0 is not sent. */
    const endByEscape = async (game: Exclude<PetMinigame, 'critter-match'>) => {
      const before = completes.length;
      await page.keyboard.press('Escape');
      await mini.phase('over');
      await mini.result.waitFor();
      const said = await mini.result.locator('p').first().innerText();
      const score = Number(/with (\d+) points?\.$/.exec(said)?.[1]);
      expect(said, `${game} ended by Escape`).toMatch(/^You left the game with \d+ points?\.$/);
      expect(await mini.score.innerText()).toBe(String(score));
      if (score > 0) {
        await mini.resultSaved('saved').waitFor();
        expect(completes.length - before).toBe(1);
        expect(JSON.parse(completes.at(-1)!)).toMatchObject({ game, actualScore: score });
        // The page's clock starts after the start call answered: the server never counts less.
        const coins = Math.floor(score / 10);
        expect(await mini.resultLines()).toEqual([
          `Score counted: ${score}`,
          `+${score} experience`,
          `+${coins} pet ${coins === 1 ? 'coin' : 'coins'}`,
        ]);
      } else {
        await mini
          .resultSaved('skipped')
          .getByText('Nothing to save: only a score above 0 is sent.')
          .waitFor();
        expect(completes.length - before).toBe(0);
      }
      await mini.startButton.getByText('Play again').waitFor();
      return score;
    };

    // Coin catcher is the first game; Expert mode is a toggle that stays off here.
    await mini.expertButton.click();
    expect(await mini.expertButton.getAttribute('aria-pressed')).toBe('true');
    await mini.expertButton.click();
    expect(await mini.expertButton.getAttribute('aria-pressed')).toBe('false');
    // Enter is the start key once the focus is off the buttons.
    await mini.heading.click();
    const coinFps = await startByKey('coin-catcher', 'Enter');
    expect(await mini.expertButton.isDisabled()).toBe(true);

    // The basket starts in the middle; the arrow keys and the pad move it.
    const basket = () => mini.basketX(BASKET_ROW, WORLD_W, WORLD_H);
    const middle = await basket();
    expect(middle).not.toBeNull();
    expect(Math.abs(middle! - WORLD_W / 2)).toBeLessThan(10);
    await page.keyboard.down('ArrowLeft');
    await expect.poll(basket, POLL).toBeLessThan(middle! - 60);
    await page.keyboard.up('ArrowLeft');
    const leftAt = (await basket())!;
    await page.keyboard.down('ArrowRight');
    await expect.poll(basket, POLL).toBeGreaterThan(leftAt + 60);
    await page.keyboard.up('ArrowRight');
    const rightAt = (await basket())!;
    // The pad sits below the canvas: hovering brings it into view.
    await mini.pad('left').hover();
    await page.mouse.down();
    await expect.poll(basket, POLL).toBeLessThan(rightAt - 40);
    await page.mouse.up();
    const coinScore = await endByEscape('coin-catcher');
    const coinFrames = await coinFps();

    // Dodge n Dash starts with Space: picking it moves the focus to the stage, off the picker's button.
    await mini.pick('dodge-n-dash');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), POLL)
      .toBe('minigame-stage');
    const dodgeFps = await startByKey('dodge-n-dash', ' ');
    // Half a second survived is a point (no ball can reach the middle that soon): this score is sent.
    await mini.score.filter({ hasText: /^[1-9]/ }).waitFor();
    const dodgeScore = await endByEscape('dodge-n-dash');
    expect(dodgeScore).toBeGreaterThan(0);
    const paid = (await crittersOf(user))[0]!;
    expect(paid.experience).toBe(coinScore + dodgeScore);
    const dodgeFrames = await dodgeFps();

    // The figures the canvas published (data-fps changes, each over half a second), and the scores left with.
    console.log(
      `[pets-play] canvas frames per second in headless Chromium: coin catcher ${JSON.stringify(coinFrames)} (score ${coinScore}), Dodge n Dash ${JSON.stringify(dodgeFrames)} (score ${dodgeScore})`,
    );
    expect(coinFrames.length).toBeGreaterThan(0);
    expect(dodgeFrames.length).toBeGreaterThan(0);
  });

  it('fits every part-2 page on a 390 px phone in its interesting states with no serious or critical axe finding', async () => {
    const { report, check } = phoneReport(PHONE.width, 'pets-play-390');

    const keeper = await world.user();
    const { critter } = await adopt(keeper, 'emberpup');
    const page = await world.newPage({ ...PHONE, bypassCSP: true });
    await signInAs(page, world.server, keeper);
    // All pulls at once, so the check sees the finished list.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // The gacha after a spin, results shown, and with its odds details open.
    const gacha = new GachaPage(page);
    await gacha.open();
    const star = gacha.pool('starlight');
    const spun = answerTo(page, 'POST', '/api/gacha/spin');
    await star.spinButton(1).click();
    const pulled = ((await (await spun).json()) as GachaSpinResponse).results[0]!;
    await star.summary.filter({ hasText: /your sanctuary\.$/ }).waitFor();
    await check(page, 'gacha after a spin');
    await star.openOddsDetails();
    await check(page, 'gacha, odds details open');

    // Breeding with an egg: the starter and the pulled critter, paid with pet coins.
    await grantPetCurrency(world.server.db, keeper.id, 'pet_coins', 500);
    const bred = await call(world.server, 'POST', '/api/breeding/critters/breed', {
      token: keeper.token,
      body: { parentA: critter._id, parentB: pulled.critterId, paymentMethod: 'pet' },
    });
    expect(bred.status, JSON.stringify(bred.body)).toBe(201);
    const breeding = new BreedingPage(page);
    await breeding.open();
    await breeding.egg(0).countdown.waitFor();
    await breeding.breedingList.first().waitFor();
    await check(page, 'breeding with an egg');

    // The mini-games: Coin catcher running, then the Critter Match board in play.
    const mini = new MiniGamesPage(page);
    await mini.open();
    await mini.startButton.click();
    await mini.phase('playing');
    await check(page, 'mini-games: coin catcher running');
    await page.keyboard.press('Escape');
    await mini.phase('over');
    await mini.pick('critter-match');
    await mini.startButton.click();
    await expect.poll(() => mini.card(0).isEnabled(), POLL).toBe(true);
    await mini.card(0).click();
    await mini.faceOf(0);
    await check(page, 'mini-games: critter match board');
    await page.keyboard.press('Escape');
    await mini.result.waitFor();
    expect(report).toEqual({});
  });
});
