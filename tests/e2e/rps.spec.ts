import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, call, type TestUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { horizontalFit, openDocument } from './support/helpers';
import { GamesHubPage } from './pages/GamesPages';
import { RpsPage } from './pages/RpsPage';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Resolves once the page's live socket has said hello: from then on pushes can be expected. */
function liveHello(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"hello"')) resolve();
      });
    });
  });
}

async function rpsOf(user: TestUser, width = 1280) {
  const page = await world.newPage({ width, height: 900 });
  const hello = liveHello(page);
  await signInAs(page, world.server, user);
  const rps = new RpsPage(page);
  await rps.open();
  await hello;
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  return { page, rps, toasts: new Toasts(page) };
}

const sameDocument = (page: Page) => page.evaluate(() => 'stillTheSameDocument' in window);

describe('rock-paper-scissors between two browsers', () => {
  it('A challenges B; B sees it live, accepts and answers; A sees the result live', async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const a = await rpsOf(alice);
    const b = await rpsOf(bob);
    await b.page.getByText('No challenges for you right now.').waitFor();

    await a.rps.challenge(bob.username, '50', 'Rock');
    await a.toasts.waitFor(`Challenge sent to ${bob.username}`);
    await a.rps.waiting(bob.username).waitFor();
    expect(await a.rps.waiting(bob.username).getByTestId('rps-expiry').innerText()).toMatch(
      /^(23:\d\d:\d\d|1d 0h)$/,
    );
    expect(await balanceOf(world.server, alice.id)).toBe(950);

    // B: the invite arrives over the live socket, with the commitment and never the move.
    const invite = b.rps.invite(alice.username);
    await invite.waitFor();
    expect(await invite.innerText()).toMatch(/Commitment: [0-9a-f]{64}/);
    expect((await invite.innerText()).toLowerCase()).not.toContain('rock');
    await b.rps.accept(alice.username).click();
    expect(await b.rps.opponent.inputValue()).toBe(alice.username);
    expect(await b.rps.bet.inputValue()).toBe('50');
    expect(await b.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('radio');
    await b.page.getByTestId('rps-answering').waitFor();
    await b.rps.move('Paper').click();
    expect(await b.rps.move('Paper').getAttribute('aria-checked')).toBe('true');
    await b.rps.challengeButton.click();
    await expect.poll(() => b.rps.outcome.innerText()).toBe('You win!');
    expect(await b.rps.result.innerText()).toContain('1,050');
    await expect.poll(() => b.rps.wins().innerText()).toBe('1');
    await expect.poll(() => b.rps.matches().count()).toBe(1);

    // A: the result panel fills from the live event, without a reload.
    await expect.poll(() => a.rps.outcome.innerText()).toBe('You lose');
    expect(await a.rps.result.innerText()).toContain('Paper');
    await expect.poll(() => a.rps.waiting(bob.username).count()).toBe(0);
    await expect.poll(() => a.rps.games().innerText()).toBe('1');
    expect(await sameDocument(a.page)).toBe(true);
    expect(await sameDocument(b.page)).toBe(true);

    // Recent Matches: the salt now shown proves the committed move.
    const match = a.rps.matches().first();
    expect(await match.innerText()).toContain(bob.username);
    expect(await match.getByTestId('rps-match-outcome').innerText()).toBe('lose');
    await match.getByRole('button', { name: 'verify' }).click();
    await expect
      .poll(() => match.getByTestId('rps-verify-result').innerText())
      .toBe('✓ SHA-256(rock:salt) equals the commitment');
    expect(await balanceOf(world.server, alice.id)).toBe(950);
    expect(await balanceOf(world.server, bob.id)).toBe(1050);

    // The leaderboard's duel table counts it.
    await openDocument(b.page, '/leaderboard');
    const row = b.page
      .getByRole('table', { name: 'Rock-paper-scissors' })
      .getByRole('row')
      .filter({ hasText: bob.username });
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ').trim()).toMatch(
      new RegExp(`${bob.username} 1 1$`),
    );
  });

  it("is reached from the games hub, and shows the validation message and the server's message in an error toast", async () => {
    const [alice] = [await world.user()];
    const a = await rpsOf(alice);
    const hub = new GamesHubPage(a.page);
    await hub.open();
    await hub.card('rps').getByRole('link').click();
    await a.rps.heading.waitFor();
    expect(new URL(a.page.url()).pathname).toBe('/games/rps');
    await a.rps.challengeButton.click();
    expect(await a.rps.formError.innerText()).toBe('Enter opponent and pick rock/paper/scissors.');
    await a.rps.opponent.fill('someone');
    await a.rps.challengeButton.click();
    expect(await a.rps.formError.innerText()).toBe('Enter opponent and pick rock/paper/scissors.');
    await a.rps.challenge('no-such-player-zz', '10', 'Scissors');
    await a.toasts.waitFor('No such user');
    expect(await balanceOf(world.server, alice.id)).toBe(1000);
  });

  it("says 'Insufficient balance.' beside Challenge for a buy-in above the balance, and the server's words inline too", async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const a = await rpsOf(alice);
    await a.rps.challenge(bob.username, '5000', 'Rock');
    await expect.poll(() => a.rps.refusal.innerText()).toBe('Insufficient balance.');
    expect(await balanceOf(world.server, alice.id)).toBe(1000);
    expect(await a.rps.matches().count()).toBe(0);

    await a.rps.challenge('no-such-player-zz', '10', 'Rock');
    await expect.poll(() => a.rps.refusal.innerText()).toBe('No such user');
  });

  it('cancels an open challenge: the buy-in comes back and the invite disappears for the opponent', async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const a = await rpsOf(alice);
    const b = await rpsOf(bob);
    await a.rps.challenge(bob.username, '120', 'Paper');
    await a.rps.waiting(bob.username).waitFor();
    await b.rps.invite(alice.username).waitFor();
    await a.rps.cancel(bob.username).click();
    await a.toasts.waitFor(`Challenge to ${bob.username} canceled; 120 coins returned`);
    await expect.poll(() => a.rps.waiting(bob.username).count()).toBe(0);
    await expect.poll(() => b.rps.invite(alice.username).count()).toBe(0);
    expect(await balanceOf(world.server, alice.id)).toBe(1000);
  });

  it('polls every 3 s only while the live socket is down, and the poll fills in the result', async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const historyCalls = (page: Page) => {
      const counter = { n: 0 };
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/games/rps/history') counter.n++;
      });
      return counter;
    };

    // Bob's socket is up: his page must not poll.
    const b = await world.newPage();
    await b.clock.install();
    const bobHistory = historyCalls(b);
    const bobHello = liveHello(b);
    await signInAs(b, world.server, bob);
    const bobRps = new RpsPage(b);
    await bobRps.open();
    await bobHello;
    const bobBefore = bobHistory.n;
    await b.clock.runFor(10_000);
    expect(bobHistory.n).toBe(bobBefore);

    // Alice's socket never says hello: her page polls.
    const a = await world.newPage();
    await a.routeWebSocket(/\/api\/live/, () => undefined);
    await a.clock.install();
    const aliceHistory = historyCalls(a);
    await signInAs(a, world.server, alice);
    const aliceRps = new RpsPage(a);
    await aliceRps.open();
    await aliceRps.challenge(bob.username, '30', 'Scissors');
    await aliceRps.waiting(bob.username).waitFor();
    const aliceBefore = aliceHistory.n;
    await a.clock.runFor(3_100);
    await expect.poll(() => aliceHistory.n).toBeGreaterThan(aliceBefore);

    // Bob answers (live page): Alice's next poll shows the result.
    await bobRps.invite(alice.username).waitFor();
    await bobRps.accept(alice.username).click();
    await bobRps.move('Rock').click();
    await bobRps.challengeButton.click();
    await expect.poll(() => bobRps.outcome.innerText()).toBe('You win!');
    await a.clock.runFor(3_100);
    await expect.poll(() => aliceRps.outcome.innerText()).toBe('You lose');
    await expect.poll(() => aliceRps.waiting(bob.username).count()).toBe(0);
  });

  it('fits a 390 px phone with an invite, an open challenge and a match shown', async () => {
    const [alice, bob, carol] = [await world.user(), await world.user(), await world.user()];
    const play = (from: TestUser, to: TestUser, buyIn: number, userChoice: string) =>
      call(world.server, 'POST', '/api/games/rps', {
        token: from.token,
        body: { opponentUsername: to.username, buyIn, userChoice },
      });
    expect((await play(bob, alice, 300, 'rock')).status).toBe(200);
    expect((await play(alice, bob, 200, 'scissors')).status).toBe(200);
    expect((await play(carol, alice, 5, 'paper')).status).toBe(200);
    expect((await play(alice, carol, 5, 'rock')).status).toBe(200);
    const a = await rpsOf(alice, 390);
    await a.rps.invite(bob.username).waitFor();
    await a.rps.waiting(bob.username).waitFor();
    await a.rps.matches().first().waitFor();
    await a.rps.matches().first().getByRole('button', { name: 'verify' }).click();
    await a.page.getByTestId('rps-verify-result').filter({ hasText: '✓' }).waitFor();
    const fit = await horizontalFit(a.page);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.innerWidth);
    expect(fit.overflowing).toEqual([]);
    expect(fit.hiddenControls).toEqual([]);
    expect(fit.truncated).toEqual([]);
  });
});
