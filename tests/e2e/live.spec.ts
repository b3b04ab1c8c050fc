import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { openDocument } from './support/helpers';
import { DashboardPage } from './pages/DashboardPage';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('live updates', () => {
  it('shows coins sent by someone else at once, without a reload or a poll', async () => {
    const [user, friend] = await Promise.all([world.user(), world.user()]);
    const page = await world.newPage();
    // The socket counts as open once the server's hello arrives; only then can a push be expected.
    const hello = new Promise<string>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"hello"')) resolve(new URL(socket.url()).pathname);
        });
      });
    });
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);
    await openDocument(page, '/dashboard');
    await dashboard.waitUntilShown();
    expect(await dashboard.balance('1,000')).toBe('1,000');
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
    expect(await hello).toBe('/api/live');

    const sent = await call(world.server, 'POST', '/api/user/send-money', { token: friend.token, body: { recipientUsername: user.username, amount: 75 } });
    expect(sent.status).toBe(200);
    expect(await dashboard.balance('1,075')).toBe('1,075');
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
  });
});
