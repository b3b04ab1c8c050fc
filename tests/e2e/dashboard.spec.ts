import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, call, expectLedgerBalanced } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { describedText, openDocument } from './support/helpers';
import { DashboardPage } from './pages/DashboardPage';
import { NavBar } from './pages/NavBar';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('dashboard', () => {
  it('says it is loading until the stats arrive, then greets the user with the balance', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);

    // Hold the stats answer back until the loading text has been seen, so both states are checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/stats', async (route) => {
      await held;
      await route.continue();
    });
    await openDocument(page, '/dashboard');
    await dashboard.loading.waitFor();
    expect(await dashboard.balanceValue.count()).toBe(0);
    release();

    await dashboard.waitUntilShown();
    await dashboard.greeting(user.username).waitFor();
    expect(await dashboard.balance()).toBe('1,000');
    expect(await dashboard.loading.count()).toBe(0);
    await page.unroute('**/api/user/stats');
  });

  it('sends 25 coins: toast, balances 975 in the greeting and the nav, and a new statement row', async () => {
    const [sender, recipient] = await Promise.all([world.user(), world.user()]);
    const page = await world.newPage();
    await signInAs(page, world.server, sender);
    const dashboard = new DashboardPage(page);
    const toasts = new Toasts(page);

    await dashboard.open();
    expect(await dashboard.ledgerCount()).toBe(1);

    await dashboard.sendCoins(recipient.username, '25');
    const sent = `Sent 25 coins to ${recipient.username}`;
    expect(await toasts.waitFor(sent)).toBe(sent);
    expect(await dashboard.balance('975')).toBe('975');
    expect(await new NavBar(page).balance('975')).toBe('975');

    const row = await dashboard.ledgerEntry(`to @${recipient.username}`);
    expect(await row.innerText()).toMatch(/-25[\s\S]*= 975/);
    expect(await dashboard.ledgerEntries.count()).toBe(2);
    expect(await dashboard.recipientInput.inputValue()).toBe('');
    expect(await dashboard.amountInput.inputValue()).toBe('');

    expect(await balanceOf(world.server, sender.id)).toBe(975);
    expect(await balanceOf(world.server, recipient.id)).toBe(1025);
    await expectLedgerBalanced(world.server);
  });

  it('shows the newest 10 statement rows, then 10 more per Show more', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    // 23 grants of 1..23 coins after the signup row: 24 rows, the newest +23.
    for (let amount = 1; amount <= 23; amount++) {
      const res = await call(world.server, 'PATCH', `/api/admin/balance/${user.username}`, {
        token: admin.token,
        body: { amount },
      });
      expect(res.status).toBe(200);
    }
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);
    const showMore = dashboard.statement.getByRole('button', { name: 'Show more', exact: true });

    await dashboard.open();
    await showMore.waitFor();
    expect(await dashboard.ledgerCount()).toBe(10);
    expect(await dashboard.ledgerEntries.first().innerText()).toMatch(/\+23/);
    await showMore.click();
    await dashboard.ledgerEntries.nth(19).waitFor();
    expect(await dashboard.ledgerEntries.count()).toBe(20);
    await showMore.click();
    await dashboard.ledgerEntries.nth(23).waitFor();
    await showMore.waitFor({ state: 'detached' });
    expect(await dashboard.ledgerEntries.count()).toBe(24);
  });

  it('asks for a recipient and an amount when the form is empty, and sends nothing', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);

    await dashboard.open();
    await dashboard.sendButton.click();
    expect(await new Toasts(page).waitFor('Enter recipient and amount')).toBe(
      'Enter recipient and amount',
    );
    expect(await dashboard.balance()).toBe('1,000');
    expect(await balanceOf(world.server, user.id)).toBe(1000);
  });

  it('says in player words why a transfer is refused and marks the field at fault', async () => {
    const user = await world.user();
    const nobody = 'nobody-here-42';
    const refused = await call<{ message: string }>(world.server, 'POST', '/api/user/send-money', {
      token: user.token,
      body: { recipientUsername: nobody, amount: 5 },
    });
    expect(refused.status).toBe(404);
    // What the server says is for developers: it names the request field.
    expect(refused.body.message).toMatch(/^recipientUsername: /);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);
    const toasts = new Toasts(page);

    await dashboard.open();
    await dashboard.sendCoins(nobody, '5');
    const sentence = `There is no player called ${nobody}.`;
    expect(await toasts.waitFor(sentence)).toBe(sentence);
    expect(await dashboard.recipientInput.getAttribute('aria-invalid')).toBe('true');
    expect(await describedText(dashboard.recipientInput)).toBe(sentence);
    expect(await dashboard.amountInput.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText('recipientUsername').count()).toBe(0);
    // Typing a new name takes the mark away.
    await dashboard.recipientInput.fill('someone-else');
    expect(await dashboard.recipientInput.getAttribute('aria-invalid')).toBeNull();

    await dashboard.sendCoins(user.username, '5');
    expect(await toasts.waitFor('You cannot send coins to yourself.')).toBe(
      'You cannot send coins to yourself.',
    );
    expect(await dashboard.balance()).toBe('1,000');
    expect(await dashboard.ledgerCount()).toBe(1);
  });

  it('shows success toasts below the nav, never over the balance pill', async () => {
    for (const width of [390, 1280]) {
      const [sender, recipient] = await Promise.all([world.user(), world.user()]);
      const page = await world.newPage({ width, height: 844 });
      await signInAs(page, world.server, sender);
      const dashboard = new DashboardPage(page);
      const nav = new NavBar(page);

      await dashboard.open();
      await dashboard.sendCoins(recipient.username, '7');
      const toast = await new Toasts(page).box(`Sent 7 coins to ${recipient.username}`);
      await nav.balance('993');
      const pill = (await nav.balanceChip.boundingBox())!;
      const overlaps =
        toast.x < pill.x + pill.width &&
        pill.x < toast.x + toast.width &&
        toast.y < pill.y + pill.height &&
        pill.y < toast.y + toast.height;
      expect({ width, overlaps }).toEqual({ width, overlaps: false });
      const header = (await nav.root.boundingBox())!;
      expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
    }
  });
});
