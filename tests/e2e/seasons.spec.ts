import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../src/server/testing/callRoute';
import { uniqueName, type TestUser } from '../../src/server/testing/harness';
import { openDocument } from './support/helpers';
import { phoneReport } from './support/phone';
import { openSignedIn, startWorld, type World } from './support/world';

/**
 * Weekly seasons in the browser (issue 40): a community's Leaderboard tab shows this week's
 * table by game wins, and the /leaderboard page's Communities tab ranks it once three of its
 * members played. At 1280 px and on a 390 px phone.
 */
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Flips until the player has won `wins` rounds (a fair coin: a handful of flips). */
async function winFlips(user: TestUser, wins: number): Promise<void> {
  let won = 0;
  for (let i = 0; won < wins && i < 200; i++) {
    const flip = await callRoute(world.server, 'POST /api/games/coin-flip', {
      token: user.token,
      body: { betAmount: 1, guess: 'heads' },
    });
    expect(flip.status, JSON.stringify(flip.body)).toBe(200);
    if (flip.body.win) won++;
  }
  expect(won).toBe(wins);
}

async function seasonCommunity(): Promise<{ slug: string; name: string; members: TestUser[] }> {
  const members = [await world.user(), await world.user(), await world.user()];
  const slug = uniqueName('s').toLowerCase();
  const name = `Season ${slug}`;
  const made = await callRoute(world.server, 'POST /api/communities', {
    token: members[0]!.token,
    body: { slug, name },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  // Founding cost the owner the welcome grant: coins to flip with.
  const admin = await world.admin();
  const grant = await callRoute(world.server, 'PATCH /api/admin/balance/:username', {
    token: admin.token,
    params: { username: members[0]!.username },
    body: { amount: 100 },
  });
  expect(grant.status).toBe(200);
  for (const m of members.slice(1))
    expect(
      (
        await callRoute(world.server, 'POST /api/communities/:slug/join', {
          token: m.token,
          params: { slug },
        })
      ).status,
    ).toBe(200);
  // Three, two and one wins: the table's order by wins.
  for (const [i, m] of members.entries()) await winFlips(m, 3 - i);
  return { slug, name, members };
}

type Check = ((page: Page, name: string) => Promise<void>) | null;

async function walk(width: number, check: Check): Promise<void> {
  const { slug, name, members } = await seasonCommunity();
  const page = await openSignedIn(world, members[1]!, {
    width,
    height: width < 500 ? 844 : 800,
    bypassCSP: true,
  });
  await openDocument(page, `/c/${slug}?tab=leaderboard`);
  const table = page.getByRole('region', { name: 'Season leaderboard' });
  await table
    .getByRole('group', { name: 'Rank by' })
    .getByRole('button', { name: 'Game wins' })
    .click();
  const rows = table.getByTestId('season-row');
  await expect
    .poll(async () => rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-username'))))
    .toEqual(members.map((m) => m.username));
  expect(await rows.first().textContent()).toContain('3');
  expect(await table.textContent()).toMatch(/Week of .* ends in/);
  await check?.(page, 'community season table');
  await table
    .getByRole('group', { name: 'Season' })
    .getByRole('button', { name: 'Last week' })
    .click();
  await table.getByText('Nobody has won a game or a bet here this season.').waitFor();

  await openDocument(page, '/leaderboard?tab=communities');
  const ranked = page.getByTestId('ranked-community').filter({ hasText: name });
  await ranked.waitFor();
  expect(await ranked.textContent()).toContain('3 active');
  await check?.(page, 'communities ranking');
  await ranked.getByRole('link', { name }).click();
  await page.getByRole('region', { name: 'Season leaderboard' }).waitFor();
}

describe('seasons at 1280 px', () => {
  it("a community's week by game wins, and the communities ranked per active member", async () => {
    await walk(1280, null);
  });
});

describe('seasons on a 390 px phone', () => {
  it('the same walk fits with no sideways scroll and no serious axe finding', async () => {
    const { report, check } = phoneReport(390, 'seasons-390');
    await walk(390, check);
    expect(report).toEqual({});
  });
});
