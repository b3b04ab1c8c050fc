import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { giveItem, insertItem } from '../../src/server/features/store/builders';
import { signInAs, startWorld, type World } from './support/world';
import { ProfilePage } from './pages/ProfilePage';
import { LeaderboardPage } from './pages/TasksPage';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Issue 33, item 10: a mystery-box collectible no longer hides a bought cosmetic; the player picks. */
describe('the cosmetic beside your name', () => {
  it('shows the bought crown over a newer collectible, and the one the player picks on the profile page', async () => {
    const player = await world.user();
    const crown = await insertItem(world.server.db, {
      name: 'Picker Crown',
      type: 'cosmetic',
      effectType: 'cosmetic',
      effectValue: 100,
      price: 1500,
      emoji: '👑',
    });
    const [pebble] = await world.server.db.rows<{ id: number }>(sql`
      insert into items (name, type, effect, effect_type, effect_value, price, stock, emoji, description, collectible_key)
      values ('Picker Pebble', 'cosmetic', 'Collectible', 'cosmetic', 100, 40, 0, '🪨', 'dropped by a box', 'picker-pebble') returning id`);
    await giveItem(world.server.db, player.id, crown.id);
    await giveItem(world.server.db, player.id, pebble!.id);

    const page = await world.newPage();
    await signInAs(page, world.server, player);
    const profile = new ProfilePage(page);
    await page.goto('/profile');
    await expect.poll(() => profile.shownCosmetic.textContent()).toContain('Picker Crown');

    // Options hold text only: an emoji there is an empty box on a system without an emoji font.
    const options = await profile.cosmeticChoice.locator('option').allTextContents();
    expect(options).toContain('Picker Pebble (collectible)');
    expect(options.filter((o) => /\p{Extended_Pictographic}/u.test(o))).toEqual([]);
    await profile.cosmeticChoice.selectOption({ label: 'Picker Pebble (collectible)' });
    await new Toasts(page).message('Picker Pebble now shows beside your name').waitFor();
    await expect.poll(() => profile.shownCosmetic.textContent()).toContain('Picker Pebble');

    const board = new LeaderboardPage(page);
    await board.open();
    const mark = board.rows
      .filter({ has: page.getByText(player.username) })
      .getByTestId('cosmetic-mark');
    expect(await mark.getAttribute('title')).toBe('Picker Pebble');

    // Kept after a reload; Automatic goes back to the crown.
    await page.goto('/profile');
    await expect.poll(() => profile.cosmeticChoice.inputValue()).toBe(String(pebble!.id));
    await profile.cosmeticChoice.focus();
    await profile.cosmeticChoice.selectOption({
      label: 'Automatic (store cosmetics before collectibles)',
    });
    await expect.poll(() => profile.shownCosmetic.textContent()).toContain('Picker Crown');
  });
});
