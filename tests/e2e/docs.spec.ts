import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/shared/api/routes';
import { startWorld, type World } from './support/world';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('API docs', () => {
  it('renders every route at /api/docs with no Content-Security-Policy violation or script error', async () => {
    const page = await world.newPage({ height: 2000 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/api/docs');
    const expected = Object.values(routes).reduce(
      (n, feature) => n + Object.keys(feature).length,
      0,
    );
    // From 150 tags and operations on, Swagger UI renders only the rows in view (a virtual list),
    // so the test reads the page as a reader does: it scrolls to the end, noting every route seen.
    const seen = new Set<string>();
    await page.locator('.opblock').first().waitFor({ timeout: 45_000 });
    let stillAtEnd = 0;
    while (seen.size < expected && stillAtEnd < 20) {
      const before = seen.size;
      for (const id of await page
        .locator('.opblock')
        .evaluateAll((blocks) => blocks.map((b) => b.id)))
        seen.add(id);
      const atEnd = await page.evaluate(async () => {
        window.scrollBy(0, window.innerHeight * 0.8);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      });
      stillAtEnd = atEnd && seen.size === before ? stillAtEnd + 1 : 0;
    }
    expect(seen.size).toBe(expected);
    await expect
      .poll(() => page.getByRole('heading', { name: /Fair & Square API/ }).count())
      .toBe(1);
    expect(problems).toEqual([]);
  });
});
