import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, startWorld, type World } from './support/world';
import { ProfilePage } from './pages/ProfilePage';

/**
 * The installable app (DESIGN.md section 12): a manifest with icons that load, a service worker
 * that takes the page, and the offline page when a navigation cannot reach the network.
 */
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** The manifest the page links, fetched as the browser would, and each icon's real size. */
async function linkedManifest(page: Page) {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await fetch(new URL(href!, world.server.url));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Manifest;
  const icons = await Promise.all(
    manifest.icons.map(async (icon) => {
      const file = await fetch(new URL(icon.src, world.server.url));
      expect(file.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height, format } = await sharp(
        Buffer.from(await file.arrayBuffer()),
      ).metadata();
      return { purpose: icon.purpose, sizes: icon.sizes, drawn: `${width}x${height}`, format };
    }),
  );
  return { manifest, icons };
}

describe.each([
  [1280, 800],
  [390, 844],
])('the app at %i px', (width, height) => {
  it('links a valid manifest whose icons load', async () => {
    const page = await world.newPage({ width, height, serviceWorkers: 'allow' });
    await page.goto('/');
    const { manifest, icons } = await linkedManifest(page);
    expect(manifest).toMatchObject({
      name: 'Fair & Square',
      short_name: expect.stringMatching(/^.{1,12}$/),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b1020',
      background_color: '#0b1020',
    });
    expect(icons).toEqual(
      expect.arrayContaining([
        { purpose: 'any', sizes: '192x192', drawn: '192x192', format: 'png' },
        { purpose: 'any', sizes: '512x512', drawn: '512x512', format: 'png' },
        { purpose: 'maskable', sizes: '512x512', drawn: '512x512', format: 'png' },
      ]),
    );
    // The browser itself reads it, past the Content-Security-Policy, without a complaint.
    const cdp = await page.context().newCDPSession(page);
    const seen = await cdp.send('Page.getAppManifest');
    expect(seen.url).toBe(`${world.server.url}/manifest.webmanifest`);
    expect(seen.errors).toEqual([]);
    // The theme colour the page's browser chrome takes matches the installed app's.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
      manifest.theme_color,
    );
  });

  it('installs the service worker, and shows the offline page when the network is down', async () => {
    const page = await world.newPage({ width, height, serviceWorkers: 'allow' });
    await page.goto('/');
    const script = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(script).toBe(`${world.server.url}/sw.js`);
    // The worker claims the page that installed it, so the next navigation goes through it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // With the worker in place, Chromium finds nothing keeping the app from being installed
    // but the test's own context, which is incognito.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);

    await page.context().setOffline(true);
    await page.goto('/rules');
    await page.getByRole('heading', { name: 'You are offline', level: 1 }).waitFor();
    // Its picture comes from the worker's cache too.
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('main img')?.complete === true,
    );
    expect(
      await page.locator('main img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    expect(fits).toBe(true);

    // Back online, the same link is the app again, from the network.
    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Unspoken Scriptures', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/rules');
  });

  it('offers push notifications on the profile, asking nothing until clicked', async () => {
    const player = await world.user();
    const page = await openSignedIn(world, player, { width, height, serviceWorkers: 'allow' });
    const profile = new ProfilePage(page);
    await profile.open();
    await profile.pushOnButton.waitFor();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    // Headless Chromium never offers to install, so there is no button for it.
    expect(await profile.device.getByRole('button', { name: 'Install app' }).count()).toBe(0);
  });
});

describe('a push', () => {
  it('shows as a notification with its words, the app icon and its page', async () => {
    const page = await world.newPage({ serviceWorkers: 'allow' });
    await page.context().grantPermissions(['notifications'], { origin: world.server.url });
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // What a push service would deliver, handed to the worker by the browser's own debugger.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const deliver = async (payload: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: world.server.url,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });
    await deliver({ title: 'bob sent you 5 coins', body: 'Spend them well.', link: '/dashboard' });
    // A link off the site is never followed: the notification opens the home page instead.
    await deliver({ title: 'Elsewhere', body: '', link: '//evil.example/x' });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        // By title: two pushes handed over at once may be shown in either order.
        return (await registration.getNotifications())
          .map((n) => ({
            title: n.title,
            body: n.body,
            icon: n.icon,
            data: n.data as unknown,
          }))
          .sort((a, b) => a.title.localeCompare(b.title));
      });
    // The worker shows each push on its own time: a loaded host took more than poll's default second.
    await expect.poll(shown, { timeout: 15_000 }).toEqual([
      {
        title: 'bob sent you 5 coins',
        body: 'Spend them well.',
        icon: `${world.server.url}/icons/icon-192.png`,
        data: { link: '/dashboard' },
      },
      {
        title: 'Elsewhere',
        body: '',
        icon: `${world.server.url}/icons/icon-192.png`,
        data: { link: '/' },
      },
    ]);
  });
});
