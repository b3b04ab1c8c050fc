import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startWorld, type World } from './support/world';
import { AuthPage } from './pages/AuthPage';
import { HomePage } from './pages/HomePage';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** The first screen of the public pages comes in the HTML (scripts/prerender.mjs). */
describe('prerendered first screens', () => {
  it('sends /, /login, /register and /rules with their first screen in the HTML, and other pages without', async () => {
    const cases: Array<[string, string]> = [
      ['/', 'Keep it Fair &amp; Square.'],
      ['/login', 'Welcome back, high roller'],
      ['/register', 'Join Fair &amp; Square'],
      ['/rules', 'Unspoken Scriptures'],
    ];
    for (const [path, heading] of cases) {
      const res = await fetch(`${world.server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html, path).toContain('<div id="prerendered" inert>');
      expect(html, path).toContain(heading);
    }
    for (const path of ['/dashboard', '/games/rps', '/no/such/page']) {
      const html = await (await fetch(`${world.server.url}${path}`)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('prerendered');
    }
  });

  it('allows exactly its one inline script by hash in the Content-Security-Policy', async () => {
    const res = await fetch(`${world.server.url}/`);
    const html = await res.text();
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] as string);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] as string)
      .digest('base64');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/=]/g, (c) => `\\${c}`)}';`),
    );
  });

  it('shows the home and login screens with the app scripts blocked, and they cannot be typed into', async () => {
    const page = await world.newPage({ width: 390, height: 844 });
    await page.route('**/static/js/**', (route) => route.abort());
    await page.goto('/');
    await page.getByText('Keep it Fair & Square.').waitFor();
    await page.goto('/login');
    await page.getByText('Welcome back, high roller').waitFor();
    expect(await page.locator('#prerendered').evaluate((el) => (el as HTMLElement).inert)).toBe(
      true,
    );
    // A click on the copy's username box focuses nothing: what a visitor types is never lost.
    await page.locator('#prerendered input').first().click({ force: true });
    await page.keyboard.type('lost');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    expect(await page.locator('#prerendered input').first().inputValue()).toBe('');
  });

  it('is replaced by the app, whose form then works; a signed-in visitor never sees the signed-out copy', async () => {
    const user = await world.user();
    const page = await world.newPage();
    const auth = new AuthPage(page);
    await page.goto('/login');
    await page.locator('#prerendered').waitFor({ state: 'detached' });
    await auth.signIn(user.username, 'correct-horse-9');
    await page.waitForURL((url) => url.pathname !== '/login');

    const signedIn = await world.newPage();
    await signInAs(signedIn, world.server, user);
    // Hold the app back so the prerendered copy is what the page has, then look at it.
    await signedIn.route('**/static/js/**', (route) => route.abort());
    await signedIn.goto('/');
    expect(
      await signedIn.locator('#prerendered').evaluate((el) => getComputedStyle(el).visibility),
    ).toBe('hidden');
    await signedIn.unroute('**/static/js/**');
    await signedIn.reload();
    await new HomePage(signedIn).hero.waitFor();
    expect(await signedIn.locator('#prerendered').count()).toBe(0);
  });
});
