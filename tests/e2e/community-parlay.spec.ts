import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../src/server/testing/callRoute';
import { balanceOf, uniqueName, type TestUser } from '../../src/server/testing/harness';
import { openDocument, textWithEmoji } from './support/helpers';
import { phoneReport } from './support/phone';
import { openSignedIn, startWorld, type World } from './support/world';
import { Toasts } from './pages/Toasts';

/**
 * A parlay of one community's open bets, built in its Bets tab: a member picks an option on two
 * bets (a second pick on a bet replaces the first), sees the total odds and what a stake would
 * pay, is told when the treasury cannot cover the stake and when the odds moved, then places it,
 * 990 coins left; a picked bet that is voided leaves the slip. Visitors and outsiders get no
 * picks. At 1280 px and on a 390 px phone, with no sideways scroll and no serious axe finding.
 */
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

interface Crew {
  slug: string;
  owner: TestUser;
  member: TestUser;
  outsider: TestUser;
}

async function crew(): Promise<Crew> {
  const [owner, member, outsider] = [await world.user(), await world.user(), await world.user()];
  const slug = uniqueName('p').toLowerCase();
  // Founding puts the owner's 1,000 welcome coins in the treasury: what the parlay is paid from.
  const made = await callRoute(world.server, 'POST /api/communities', {
    token: owner.token,
    body: { slug, name: `Parlays ${slug}` },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const joined = await callRoute(world.server, 'POST /api/communities/:slug/join', {
    token: member.token,
    params: { slug },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { slug, owner, member, outsider };
}

async function createBet(c: Crew, title: string, yes: number, no: number) {
  const made = await callRoute(world.server, 'POST /api/communities/:slug/bets', {
    token: c.owner.token,
    params: { slug: c.slug },
    body: {
      title,
      endTime: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      options: [
        { text: 'Yes', odds: yes },
        { text: 'No', odds: no },
      ],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.bet;
}

type Check = (page: Page, name: string) => Promise<void>;

async function walk(width: number, check: Check): Promise<void> {
  const c = await crew();
  const snow = `Snow by Friday ${uniqueName('')}?`;
  const rain = `Rain on Sunday ${uniqueName('')}?`;
  const snowBet = await createBet(c, snow, 2, 1.8);
  const rainBet = await createBet(c, rain, 2.5, 1.5);
  const size = { width, height: width < 500 ? 844 : 800, bypassCSP: true };
  const pickButtons = (page: Page) => page.getByRole('button', { name: /to parlay$/ });

  // A visitor and an outsider see the bets without anything to pick.
  const visitor = await world.newPage(size);
  await openDocument(visitor, `/c/${c.slug}?tab=bets`);
  await visitor.getByRole('link', { name: snow, exact: true }).waitFor();
  expect(await pickButtons(visitor).count()).toBe(0);
  const outsider = await openSignedIn(world, c.outsider, size);
  await openDocument(outsider, `/c/${c.slug}?tab=bets`);
  await outsider.getByRole('link', { name: rain, exact: true }).waitFor();
  expect(await pickButtons(outsider).count()).toBe(0);

  // The member picks: No on Snow, then Yes on Snow replaces it, then Yes on Rain by keyboard.
  const page = await openSignedIn(world, c.member, size);
  await openDocument(page, `/c/${c.slug}?tab=bets`);
  const snowNo = page.getByRole('button', { name: `Add No (${snow}) to parlay` });
  const snowYes = page.getByRole('button', { name: `Add Yes (${snow}) to parlay` });
  const rainYes = page.getByRole('button', { name: `Add Yes (${rain}) to parlay` });
  await rainYes.waitFor();
  expect(await pickButtons(page).count()).toBe(4);
  await snowNo.click();
  const slip = page.getByTestId('community-parlay-slip');
  await slip.waitFor();
  const place = slip.getByRole('button', { name: 'Place parlay' });
  expect(await place.isDisabled()).toBe(true);
  await snowYes.click();
  expect(await snowYes.getAttribute('aria-pressed')).toBe('true');
  expect(await snowNo.getAttribute('aria-pressed')).toBe('false');
  expect(await slip.getByTestId('parlay-count').textContent()).toBe('1/10 picks');
  await rainYes.focus();
  await page.keyboard.press('Enter');
  expect(await rainYes.getAttribute('aria-pressed')).toBe('true');
  expect(await slip.getByTestId('parlay-count').textContent()).toBe('2/10 picks');
  expect(await slip.getByTestId('parlay-pick').allTextContents()).toEqual([
    expect.stringContaining('Yes 2x'),
    expect.stringContaining('Yes 2.5x'),
  ]);
  expect(await slip.getByTestId('parlay-total-odds').textContent()).toBe('5.00x');
  expect(await place.isDisabled()).toBe(false);

  // The picks outlive a look at another tab.
  await page.getByRole('tab', { name: 'Feed' }).click();
  await page.getByRole('tab', { name: 'Bets' }).click();
  await slip.waitFor();
  expect(await slip.getByTestId('parlay-count').textContent()).toBe('2/10 picks');

  // More than the treasury (1,000 coins) can pay is refused on the stake itself.
  const stake = slip.getByRole('spinbutton', { name: 'Parlay stake' });
  await stake.fill('300');
  expect(await textWithEmoji(slip.getByTestId('parlay-payout'))).toBe('🪙 1,500');
  await place.click();
  await slip
    .getByRole('alert')
    .filter({
      hasText:
        /^(The treasury can cover a parlay of at most [\d,]+ coins? now|The treasury cannot cover this parlay now)\.$/,
    })
    .waitFor();
  expect(await stake.getAttribute('aria-invalid')).toBe('true');
  expect(await balanceOf(world.server, c.member.id)).toBe(1000);

  // Ten coins; meanwhile Rain's Yes is repriced, so the first try is refused with the new odds.
  await stake.fill('10');
  expect(await stake.getAttribute('aria-invalid')).toBeNull();
  expect(await textWithEmoji(slip.getByTestId('parlay-payout'))).toBe('🪙 50');
  await check(page, 'parlay slip, member');
  const yesId = rainBet.options.find((option: { text: string }) => option.text === 'Yes')!._id;
  const repriced = await callRoute(
    world.server,
    'PATCH /api/communities/:slug/bets/:betId/odds/:optionId',
    {
      token: c.owner.token,
      params: { slug: c.slug, betId: rainBet._id, optionId: yesId },
      body: { odds: 3 },
    },
  );
  expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
  await place.click();
  await slip
    .getByRole('alert')
    .filter({ hasText: /^The odds have changed/ })
    .waitFor();
  expect(await slip.getByTestId('parlay-total-odds').textContent()).toBe('6.00x');
  expect(await textWithEmoji(slip.getByTestId('parlay-payout'))).toBe('🪙 60');
  expect(await balanceOf(world.server, c.member.id)).toBe(1000);

  // Placed: the toast, an empty slip, 990 coins, and the legs counted on the bets.
  await place.click();
  await new Toasts(page).message('Parlay placed!').waitFor();
  await slip.waitFor({ state: 'detached' });
  expect(await balanceOf(world.server, c.member.id)).toBe(990);
  expect(await pickButtons(page).evaluateAll((b) => b.map((x) => x.ariaPressed))).toEqual([
    'false',
    'false',
    'false',
    'false',
  ]);
  for (const title of [snow, rain]) {
    const yes = page
      .getByTestId('community-bet')
      .filter({ hasText: title })
      .getByTestId('community-bet-option')
      .filter({ hasText: 'Yes' });
    await expect.poll(() => yes.getByTestId('option-votes').textContent()).toBe('1 bet');
  }
  await check(page, 'parlay placed, member');

  // A picked bet that a moderator voids leaves the slip, and the member is told, without a reload.
  await snowYes.click();
  await slip.waitFor();
  const voided = await callRoute(world.server, 'POST /api/communities/:slug/bets/:betId/void', {
    token: c.owner.token,
    params: { slug: c.slug, betId: snowBet._id },
  });
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);
  await new Toasts(page)
    .message('A bet in your parlay has closed: it left the slip.')
    .waitFor({ timeout: 10_000 });
  await slip.waitFor({ state: 'detached' });
  expect(await snowYes.count()).toBe(0);
}

describe('a community parlay at 1280 px', () => {
  it('a member picks on two bets, is refused past the treasury and on moved odds, then places it; no sideways scroll, no serious axe finding', async () => {
    const { report, check } = phoneReport(1280, 'community-parlay-1280');
    await walk(1280, check);
    expect(report).toEqual({});
  });
});

describe('a community parlay on a 390 px phone', () => {
  it('the same walk fits with no sideways scroll and no serious axe finding', async () => {
    const { report, check } = phoneReport(390, 'community-parlay-390');
    await walk(390, check);
    expect(report).toEqual({});
  });
});
