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
    const page = await world.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/api/docs');
    const operations = page.locator('.opblock');
    const expected = Object.values(routes).reduce((n, feature) => n + Object.keys(feature).length, 0);
    // Swagger UI lays out every route; with 138 of them that takes a while on a loaded machine.
    await expect.poll(() => operations.count(), { timeout: 45_000 }).toBe(expected);
    await expect.poll(() => page.getByRole('heading', { name: /Fair & Square API/ }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
