import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../src/server/testing/callRoute';
import { balanceOf, uniqueName, type TestUser } from '../../src/server/testing/harness';
import { openDocument } from './support/helpers';
import { phoneReport } from './support/phone';
import { openSignedIn, startWorld, type World } from './support/world';

/**
 * Community bets in the browser (issue 40): a moderator creates a bet from the Bets tab, a
 * member wagers on the bet page (and is told what the treasury can still cover), comments and
 * sees their position on the comment, the moderator settles it, and the member sees it settled
 * and paid. At 1280 px and on a 390 px phone. On the phone too: comments and new odds arrive
 * on open pages, a muted member reads without a comment box, and a void refunds.
 */
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

async function betCommunity(): Promise<{ slug: string; owner: TestUser; member: TestUser }> {
  const owner = await world.user();
  const member = await world.user();
  const slug = uniqueName('b').toLowerCase();
  // Founding puts the owner's 1,000 welcome coins in the treasury: what the bets are paid from.
  const made = await callRoute(world.server, 'POST /api/communities', {
    token: owner.token,
    body: { slug, name: `Bets ${slug}` },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const joined = await callRoute(world.server, 'POST /api/communities/:slug/join', {
    token: member.token,
    params: { slug },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { slug, owner, member };
}

/** A datetime-local value (the browser's own zone, which is this process's) two hours ahead. */
function inTwoHours(): string {
  const d = new Date(Date.now() + 2 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

type Check = (page: Page, name: string) => Promise<void>;

async function walk(width: number, check: Check): Promise<void> {
  const { slug, owner, member } = await betCommunity();
  const size = { width, height: width < 500 ? 844 : 800, bypassCSP: true };
  const title = `Will it rain ${uniqueName('')}?`;

  // The moderator creates the bet from the Bets tab.
  const mod = await openSignedIn(world, owner, size);
  await openDocument(mod, `/c/${slug}?tab=bets`);
  await mod.getByText('No open bets. Start one with New bet.').waitFor();
  await mod.getByRole('button', { name: 'New bet' }).click();
  await mod.getByLabel('Bet title').fill(title);
  await mod.getByLabel('Bet description').fill('Rain at noon, by the town square gauge');
  await mod.getByLabel('End time').fill(inTwoHours());
  await mod.getByLabel('Option 1 text').fill('Yes');
  await mod.getByLabel('Option 1 odds').fill('2.5');
  await mod.getByLabel('Option 2 text').fill('No');
  await mod.getByLabel('Option 2 odds').fill('1.5');
  await mod.getByRole('button', { name: 'Create Bet' }).click();
  const created = mod.getByRole('alertdialog', { name: 'Bet created' });
  await created.waitFor();
  await created.getByRole('button', { name: 'OK' }).click();
  const card = mod.getByTestId('community-bet').filter({ hasText: title });
  await card.waitFor();
  const yesOnCard = card.getByTestId('community-bet-option').filter({ hasText: 'Yes' });
  expect(await yesOnCard.getByTestId('option-odds').textContent()).toBe('2.5x');
  expect(await yesOnCard.getByTestId('option-votes').textContent()).toBe('0 bets');
  expect(await card.getByTestId('bet-countdown').textContent()).toMatch(
    /Closes in (1 h 5\d|2 h 0) min/,
  );
  await check(mod, 'bets tab, moderator');

  // The member opens it from the tab and wagers on Yes.
  const page = await openSignedIn(world, member, size);
  await openDocument(page, `/c/${slug}?tab=bets`);
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(page.url()).toMatch(new RegExp(`/c/${slug}/bets/\\d+$`));
  await page.getByText('No comments yet — make your case').waitFor();
  const wager = page.getByRole('spinbutton', { name: 'Wager' });
  await wager.fill('20');
  await page.getByRole('button', { name: 'Bet on Yes · 2.5x' }).click();
  await page.getByTestId('my-wager').filter({ hasText: '20 on Yes at 2.5x' }).waitFor();
  await expect
    .poll(() =>
      page
        .getByTestId('community-bet-option')
        .filter({ hasText: 'Yes' })
        .getByTestId('option-votes')
        .textContent(),
    )
    .toBe('1 bet');
  expect(await balanceOf(world.server, member.id)).toBe(980);
  // The moderator's Bets tab, open all along, counts it live (its own re-read is 30 s apart).
  await expect
    .poll(() => yesOnCard.getByTestId('option-votes').textContent(), { timeout: 10_000 })
    .toBe('1 bet');

  // More than the treasury can cover on Yes is refused with what it can still take.
  await wager.fill('900');
  await page.getByRole('button', { name: 'Bet on Yes · 2.5x' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /^The treasury can cover at most [\d,]+ more coins on this option now\.$/ })
    .waitFor();
  expect(await balanceOf(world.server, member.id)).toBe(980);

  // A comment shows where its author stands.
  await page.getByLabel('Write a comment').fill(`Bring an umbrella, @${owner.username}`);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = page.getByTestId('bet-comment').filter({ hasText: 'Bring an umbrella' });
  await comment.waitFor();
  expect(await comment.getByTestId('comment-position').textContent()).toBe(
    'Position: Yes · 20 coins',
  );
  await comment.getByRole('link', { name: `@${owner.username}` }).waitFor();
  await check(page, 'bet page, member');

  // The moderator settles it on the bet page, Yes winning, after a confirmation.
  await openDocument(mod, page.url().slice(page.url().indexOf('/c/')));
  const modComment = mod.getByTestId('bet-comment').filter({ hasText: 'Bring an umbrella' });
  expect(await modComment.getByTestId('comment-position').textContent()).toBe(
    'Position: Yes · 20 coins',
  );
  await mod.getByText('Manage this bet').click();
  await mod.getByLabel('Winning option').selectOption({ label: 'Yes' });
  await mod.getByRole('button', { name: 'Settle', exact: true }).click();
  const confirm = mod.getByRole('alertdialog', { name: /Settle ".*" with "Yes" winning\?/ });
  await confirm.waitFor();
  await check(mod, 'settle confirmation');
  await confirm.getByRole('button', { name: 'Settle' }).click();
  await mod.getByTestId('bet-status').filter({ hasText: 'Settled' }).waitFor();

  // The member sees it settled, and paid.
  await page.reload();
  await page.getByTestId('bet-outcome').filter({ hasText: 'Won by Yes' }).waitFor();
  await page.getByTestId('my-wager').filter({ hasText: 'won, paid 50' }).waitFor();
  expect(await page.getByRole('spinbutton', { name: 'Wager' }).count()).toBe(0);
  expect(await balanceOf(world.server, member.id)).toBe(1030);
  await check(page, 'settled bet, member');
  await openDocument(page, `/c/${slug}?tab=bets`);
  await page.getByText('No open bets right now. The moderators run them.').waitFor();
  await page
    .getByRole('group', { name: 'Show bets' })
    .getByRole('button', { name: 'Settled' })
    .click();
  const settled = page.getByTestId('community-bet').filter({ hasText: title });
  await settled.waitFor();
  expect(await settled.getAttribute('data-status')).toBe('finalized');
  await check(page, 'settled bets tab');

  // A moderator removes another's comment only with a reason for the log.
  await mod.reload();
  await mod.getByRole('button', { name: `Delete ${member.username}’s comment` }).click();
  const remove = mod.getByRole('alertdialog', { name: `Delete ${member.username}’s comment?` });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await remove.getByText('Give a reason: it goes in the moderation log.').waitFor();
  await remove.getByLabel('Reason').fill('Off topic');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await mod.getByText('No comments yet — make your case').waitFor();
}

describe('community bets at 1280 px', () => {
  it('a moderator creates a bet, a member wagers and comments with a position, the bet is settled; no sideways scroll, no serious axe finding', async () => {
    const { report, check } = phoneReport(1280, 'community-bets-1280');
    await walk(1280, check);
    expect(report).toEqual({});
  });
});

describe('community bets on a 390 px phone', () => {
  it('the same walk fits with no sideways scroll and no serious axe finding', async () => {
    const { report, check } = phoneReport(390, 'community-bets-390');
    await walk(390, check);
    expect(report).toEqual({});
  });
});

describe('a community bet repriced and voided, on a 390 px phone', () => {
  it('comments and new odds reach open pages live, a muted member reads only, a void refunds', async () => {
    const { report, check } = phoneReport(390, 'community-bet-void-390');
    const { slug, owner, member } = await betCommunity();
    const quiet = await world.user();
    expect(
      (
        await callRoute(world.server, 'POST /api/communities/:slug/join', {
          token: quiet.token,
          params: { slug },
        })
      ).status,
    ).toBe(200);
    const muted = await callRoute(
      world.server,
      'POST /api/communities/:slug/members/:username/sanction',
      {
        token: owner.token,
        params: { slug, username: quiet.username },
        body: { action: 'mute', hours: 2, reason: 'Spoilers' },
      },
    );
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);
    const made = await callRoute(world.server, 'POST /api/communities/:slug/bets', {
      token: owner.token,
      params: { slug },
      body: {
        title: `Snow by Friday ${uniqueName('')}?`,
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        options: [
          { text: 'Yes', odds: 2 },
          { text: 'No', odds: 1.8 },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `/c/${slug}/bets/${made.body.bet._id}`;
    const size = { width: 390, height: 844, bypassCSP: true };

    const mod = await openSignedIn(world, owner, size);
    await openDocument(mod, path);
    await mod.getByText('No comments yet — make your case').waitFor();
    const page = await openSignedIn(world, member, size);
    await openDocument(page, path);

    // The member's comment appears on the moderator's open page, without a reload.
    await page.getByLabel('Write a comment').fill('Not a flake in sight');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await mod
      .getByTestId('bet-comment')
      .filter({ hasText: 'Not a flake in sight' })
      .waitFor({ timeout: 10_000 });

    // New odds reach the member's open page, and the next wager takes them.
    await mod.getByText('Manage this bet').click();
    await mod.getByLabel(/^Odds for Yes/).fill('3');
    await mod.getByRole('button', { name: /^Save Yes odds/ }).click();
    const yes = page.getByTestId('community-bet-option').filter({ hasText: 'Yes' });
    await expect
      .poll(() => yes.getByTestId('option-odds').textContent(), { timeout: 10_000 })
      .toBe('3x');
    await page.getByRole('spinbutton', { name: 'Wager' }).fill('10');
    await page.getByRole('button', { name: 'Bet on Yes · 3x' }).click();
    await page.getByTestId('my-wager').filter({ hasText: '10 on Yes at 3x' }).waitFor();
    expect(await balanceOf(world.server, member.id)).toBe(990);
    await check(page, 'repriced bet, member');

    // A muted member reads the comments, and is told why there is no box to write in.
    const reader = await openSignedIn(world, quiet, size);
    await openDocument(reader, path);
    await reader.getByTestId('bet-comment').filter({ hasText: 'Not a flake in sight' }).waitFor();
    expect(await reader.getByTestId('muted-notice').textContent()).toMatch(
      /^You are muted until .+\. You can read the comments but not write one\.$/,
    );
    expect(await reader.getByLabel('Write a comment').count()).toBe(0);
    await check(reader, 'bet page, muted member');

    // Voided after a confirmation: every stake goes back.
    await mod.getByRole('button', { name: 'Void', exact: true }).click();
    const confirm = mod.getByRole('alertdialog', {
      name: /^Void ".*" and give every stake back\?$/,
    });
    await confirm.getByRole('button', { name: 'Void' }).click();
    await mod.getByTestId('bet-status').filter({ hasText: 'Void' }).waitFor();
    // On the member's open page too, without a reload.
    await page
      .getByTestId('bet-outcome')
      .filter({ hasText: 'Void: every stake went back' })
      .waitFor({ timeout: 10_000 });
    await page.getByTestId('my-wager').filter({ hasText: 'refunded' }).waitFor();
    expect(await balanceOf(world.server, member.id)).toBe(1000);
    await check(page, 'voided bet, member');
    expect(report).toEqual({});
  });
});
