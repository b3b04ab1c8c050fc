import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../src/shared/games/quizDuel/rules';
import { dailyQuestionsFor } from '../../src/server/features/games/quizDuel/daily';
import type { TestUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { GamesHubPage } from './pages/GamesPages';
import { HomePage } from './pages/HomePage';
import { QuizDailyView } from './pages/QuizDuelPage';

/**
 * Issue 33: a system without a colour emoji font showed empty boxes for the brand, the
 * navigation, every card and the flags. The interface's icons are SVG (lucide) and the game
 * pieces and flags bundled images, so no emoji character is left for a font to draw.
 */
let world: World;
let player: TestUser;

beforeAll(async () => {
  world = await startWorld();
  player = await world.user();
});

afterAll(async () => {
  await world?.close();
});

/** The text in `selector`'s elements that holds an emoji or a flag letter (an <img>'s alt is no text node). */
function emojiText(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const drawnByFont = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
    const found: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (drawnByFont.test(node.nodeValue ?? '')) found.push((node.nodeValue ?? '').trim());
      }
    }
    return found;
  }, selector);
}

/** Each emoji image in `selector`: its alt text and whether the file arrived and decoded. */
function emojiImages(page: Page, selector: string): Promise<{ alt: string; loaded: boolean }[]> {
  return page.locator(`${selector} img.emoji`).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      alt: img.alt,
      loaded: img.complete && img.naturalWidth > 0,
    })),
  );
}

describe('icons and emoji are drawn, not left to a font', () => {
  it('home: the brand, the navigation, the feature cards, the medals and the footer', async () => {
    const page = await world.newPage();
    const home = new HomePage(page);
    await home.open();
    await home.topPlayerLinks.first().waitFor();

    expect(await emojiText(page, 'header, main, footer')).toEqual([]);
    // The brand's dice, the six feature cards' icons and the footer's dice are SVG icons.
    await page.locator('header nav a[href="/"] svg.lucide').waitFor();
    expect(await home.featureCards.locator('svg.lucide').count()).toBe(6);
    expect(await home.footer.locator('svg.lucide').count()).toBe(1);
    // The podium and the coins are Twemoji images, served from the build and allowed by the CSP.
    await expect
      .poll(() => emojiImages(page, 'main'))
      .toEqual(
        expect.arrayContaining([
          { alt: '🥇', loaded: true },
          { alt: '🪙', loaded: true },
        ]),
      );
    expect((await emojiImages(page, 'main')).filter((img) => !img.loaded)).toEqual([]);
  });

  it('the games hub and the signed-in navigation, at phone width with the menu open', async () => {
    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, player);
    const hub = new GamesHubPage(page);
    await hub.open();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Leaderboard' })
      .waitFor();

    expect(await hub.cards().count()).toBe(12);
    expect(await emojiText(page, 'header, main, footer')).toEqual([]);
    expect(await hub.cards().locator('svg.lucide').count()).toBe(12);
    await page.getByRole('button', { name: 'Menu' }).locator('svg.lucide').waitFor();
    await expect
      .poll(() => emojiImages(page, '[data-testid="balance-chip"]'))
      .toEqual([{ alt: '🪙', loaded: true }]);
  });

  it('a flag question shows the flag as an image, the same on every system', async () => {
    // The player's daily quiz today is drawn from a seed whose first question asks about a flag.
    const user = await world.user();
    const day = utcDay(new Date());
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    let seed = '';
    for (let i = 0; !seed; i++) {
      const subject =
        dailyQuestionsFor(sha256(`icons-${i}`), day, user.id)[0]!.question.subject ?? '';
      if (/^\p{Regional_Indicator}{2}$/u.test(subject)) seed = sha256(`icons-${i}`);
    }
    const flag = dailyQuestionsFor(seed, day, user.id)[0]!.question.subject!;
    const hash = sha256(seed);
    await world.server.db.rows(
      sql`insert into quiz_duel_daily_seeds (day, seed, seed_hash) values (${day}, ${seed}, ${hash})`,
    );

    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const daily = new QuizDailyView(page);
    await daily.open();
    await daily.start.click();
    await daily.openQuestion(0).waitFor({ timeout: 15_000 });

    const subject = page.getByTestId('quiz-subject');
    await expect
      .poll(() => emojiImages(page, '[data-testid="quiz-subject"]'))
      .toEqual([{ alt: flag, loaded: true }]);
    expect(await subject.locator('img').getAttribute('src')).toMatch(
      /^\/static\/emoji\/1f1[0-9a-f]{2}-1f1[0-9a-f]{2}\.svg$/,
    );
    expect(await emojiText(page, 'header, main')).toEqual([]);
  });
});
