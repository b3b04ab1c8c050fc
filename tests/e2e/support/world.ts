import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Config } from '../../../src/server/config';
import {
  registerAdmin,
  registerUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../src/server/testing/harness';

/**
 * One real server (built client + API on a real database) and one headless Debian chromium
 * per spec file. Each test gets a fresh browser context, so local storage never leaks.
 */
/**
 * `bypassCSP` lets a test inject scripts (axe-core) past the app's Content-Security-Policy.
 * `address` makes every request of the page's context arrive from that address (an
 * X-Forwarded-For header, believed by a world started with `trustProxy`), so two players are
 * not one address to the server.
 */
export interface PageOptions {
  width?: number;
  height?: number;
  bypassCSP?: boolean;
  address?: string;
  /**
   * The app's service worker (public/sw.js) is blocked unless a spec allows it (pwa.spec):
   * Playwright's request interception (page.route) does not see what goes through a worker.
   */
  serviceWorkers?: 'allow' | 'block';
}

export interface World {
  server: TestServer;
  browser: Browser;
  newPage(options?: PageOptions): Promise<Page>;
  user(): Promise<TestUser>;
  admin(): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * The built client to serve. E2E_CLIENT_DIR lets a run use its own build (vite build --outDir …)
 * so another build of dist/client running at the same time cannot swap files under the tests.
 */
const clientDir = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');

/**
 * `trustProxy` (hops) lets a spec give each browser context an address of its own (see newPage's
 * `address`): every browser here connects from 127.0.0.1.
 */
export async function startWorld({
  trustProxy,
  overrides = {},
}: { trustProxy?: Config['trustProxy']; overrides?: Partial<Config> } = {}): Promise<World> {
  const server = await startTestServer({
    ...overrides,
    clientDir,
    ...(trustProxy === undefined ? {} : { trustProxy }),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage({
      width = 1280,
      height = 800,
      bypassCSP = false,
      address,
      serviceWorkers = 'block',
    }: PageOptions = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height },
        bypassCSP,
        serviceWorkers,
        ...(address === undefined ? {} : { extraHTTPHeaders: { 'x-forwarded-for': address } }),
      });
      contexts.push(context);
      // Every toast text shown, so a test on a loaded machine still sees a 2-second toast that
      // came and went between two of Playwright's polls (see Toasts.waitFor).
      await context.addInitScript(recordToasts);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      // A navigation loads the app's scripts while the other file's browser and server share the
      // two cores: on a slow day that alone passed 10 s (CI, quiz-duel.spec), with nothing wrong.
      page.setDefaultNavigationTimeout(30_000);
      return page;
    },
    user: () => registerUser(server),
    admin: () => registerAdmin(server),
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
      await server.close();
    },
  };
}

/** Runs in the page: keeps the text of every toast bar that appears, in order, on window.__toastsSeen. */
function recordToasts(): void {
  const seen: string[] = [];
  (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
  const last = new WeakMap<Element, string>();
  const sample = () => {
    for (const bar of document.querySelectorAll('div[role="status"][aria-live="polite"]')) {
      const text = (bar.textContent ?? '').trim();
      if (text !== '' && last.get(bar) !== text) {
        last.set(bar, text);
        seen.push(text);
      }
    }
  };
  const start = () =>
    new MutationObserver(sample).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/** Puts a session into local storage the way the app's login does, to skip the form in setup. */
export async function signInAs(page: Page, server: TestServer, user: TestUser): Promise<void> {
  const res = await fetch(`${server.url}/api/user/stats`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const me: unknown = await res.json();
  await page.goto('/');
  await page.evaluate(
    ([token, u]) => {
      // Keys of src/client/lib/sessionStore.ts (spec: token and user in local storage).
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [user.token, me] as const,
  );
}

/**
 * A fresh page (its own browser context) already signed in as `user`, left on the home page:
 * the set-up most tests start with. Open the page under test with its page object's open().
 * `reducedMotion` makes the page prefer reduced motion, as a player's system setting would.
 */
export async function openSignedIn(
  world: World,
  user: TestUser,
  { reducedMotion = false, ...options }: PageOptions & { reducedMotion?: boolean } = {},
): Promise<Page> {
  const page = await world.newPage(options);
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, world.server, user);
  return page;
}
