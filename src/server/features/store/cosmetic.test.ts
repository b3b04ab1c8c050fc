import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  registerUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { expectBadField, expectError } from '../../testing/expectations';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import * as items from '../items/holdings';
import { giveItem, insertItem } from './builders';

let server: TestServer;
let player: TestUser;
let crown: { id: number };
let pebble: { id: number };
let notHeld: { id: number };
let badge: { id: number };

/** A mystery-box collectible as the boxes' seed writes one: a cosmetic never on the shelf. */
async function insertCollectible(name: string, value: number): Promise<{ id: number }> {
  const [row] = await server.db.rows<{ id: number }>(sql`
    insert into items (name, type, effect, effect_type, effect_value, price, stock, emoji, description, collectible_key)
    values (${name}, 'cosmetic', 'Collectible', 'cosmetic', 100, ${value}, 0, '🪨', 'dropped by a box', ${`test-${name}-${Date.now()}`})
    returning id`);
  return row!;
}

/** What shows beside the player's name on each screen that shows it. */
async function shown() {
  const own = await callRoute(server, 'GET /api/user/stats', { token: player.token });
  const pub = await callRoute(server, 'GET /api/user/public/:username', {
    params: { username: player.username },
  });
  const board = await callRoute(server, 'GET /api/leaderboard/users', {});
  return {
    own: own.body.cosmetic?.name,
    choice: own.body.cosmeticChoice,
    public: pub.body.cosmetic?.name,
    board: board.body.find((u) => u.username === player.username)?.cosmetic?.name,
  };
}

const choose = (itemId: string | null, token = player.token) =>
  callRoute(server, 'PUT /api/user/cosmetic', { token, body: { itemId } });

beforeAll(async () => {
  server = await startTestServer();
  player = await registerUser(server);
  crown = await insertItem(server.db, {
    name: 'Choice Crown',
    type: 'cosmetic',
    effectType: 'cosmetic',
    effectValue: 100,
    price: 1500,
    emoji: '👑',
  });
  notHeld = await insertItem(server.db, {
    name: 'Choice Hat',
    type: 'cosmetic',
    effectType: 'cosmetic',
    effectValue: 100,
    price: 75,
    emoji: '🥳',
  });
  badge = await insertItem(server.db, {
    name: 'Choice Badge',
    type: 'badge',
    effectType: null,
    effectValue: null,
  });
  pebble = await insertCollectible('Choice Pebble', 40);
  await giveItem(server.db, player.id, crown.id);
  await giveItem(server.db, player.id, badge.id);
  // The collectible comes after the crown, and is the newer item.
  await giveItem(server.db, player.id, pebble.id);
});

afterAll(async () => {
  await server?.close();
});

describe('the cosmetic beside a name', () => {
  it('shows a bought store cosmetic over a newer mystery-box collectible by default', async () => {
    expect(pebble.id).toBeGreaterThan(crown.id);
    expect(await shown()).toEqual({
      own: 'Choice Crown',
      choice: null,
      public: 'Choice Crown',
      board: 'Choice Crown',
    });
  });

  it('shows the cosmetic the player picks, everywhere, and the default again after null', async () => {
    const picked = await choose(String(pebble.id));
    expect(picked.status).toBe(200);
    expect(picked.body).toEqual({
      cosmetic: { emoji: '🪨', image: null, name: 'Choice Pebble' },
      cosmeticChoice: String(pebble.id),
    });
    expect(await shown()).toEqual({
      own: 'Choice Pebble',
      choice: String(pebble.id),
      public: 'Choice Pebble',
      board: 'Choice Pebble',
    });

    const reset = await choose(null);
    expect(reset.body).toEqual({
      cosmetic: { emoji: '👑', image: null, name: 'Choice Crown' },
      cosmeticChoice: null,
    });
    expect(await shown()).toEqual({
      own: 'Choice Crown',
      choice: null,
      public: 'Choice Crown',
      board: 'Choice Crown',
    });
  });

  it('refuses an item not held (409), a held item that is not a cosmetic (400) and a bad body, changing nothing', async () => {
    expect((await choose(String(pebble.id))).status).toBe(200);
    expectError(await choose(String(notHeld.id)), 409, { message: 'you do not hold that item' });
    expectError(await choose('999999'), 409, { message: 'you do not hold that item' });
    expectError(await choose(String(badge.id)), 400, { message: 'Choice Badge is not a cosmetic' });
    expectBadField(
      await callRouteRaw(server, 'PUT /api/user/cosmetic', { token: player.token, body: {} }),
      'itemId',
    );
    expectBadField(
      await callRouteRaw(server, 'PUT /api/user/cosmetic', {
        token: player.token,
        body: { itemId: 'crown' },
      }),
      'itemId',
    );
    expectError(
      await callRouteRaw(server, 'PUT /api/user/cosmetic', {
        token: player.token,
        body: { itemId: null, extra: 1 },
      }),
      400,
    );
    expectError(
      await callRouteRaw(server, 'PUT /api/user/cosmetic', { body: { itemId: null } }),
      401,
    );
    expect(await shown()).toEqual({
      own: 'Choice Pebble',
      choice: String(pebble.id),
      public: 'Choice Pebble',
      board: 'Choice Pebble',
    });
  });

  it('falls back to the default once the chosen item has left the player', async () => {
    expect((await choose(String(pebble.id))).status).toBe(200);
    const other = await registerUser(server);
    // The collectible goes to another player (as a finalized trade would move it).
    await server.db.tx(async (tx) => {
      await items.take(
        tx,
        { userId: player.id, itemId: pebble.id, quantity: 1 },
        { reason: 'trade', refType: 'user', refId: other.id },
      );
      await items.give(
        tx,
        { userId: other.id, itemId: pebble.id, quantity: 1 },
        { reason: 'trade', refType: 'user', refId: player.id },
      );
    });
    expect(await shown()).toEqual({
      own: 'Choice Crown',
      choice: null,
      public: 'Choice Crown',
      board: 'Choice Crown',
    });
  });
});
