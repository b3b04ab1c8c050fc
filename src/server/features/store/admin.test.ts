import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { registerAdmin, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { expectBadField, expectError } from '../../testing/expectations';
import { callRoute, callRouteRaw } from '../../testing/callRoute';

const server = useTestServer();

let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  [admin, user] = await Promise.all([registerAdmin(server), registerUser(server)]);
});

const create = (token: string | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/store/create', { token, body });
const patch = (token: string | undefined, id: string | number, body: unknown) =>
  callRouteRaw(server, 'PATCH /api/store/items/:id', { token, params: { id }, body });
const shelf = async () => (await callRoute(server, 'GET /api/store')).body;

let seq = 0;
const item = (fields: Record<string, unknown> = {}) => ({
  name: `Admin item ${seq++}`,
  type: 'power-up',
  effect: 'Double coins',
  effectType: 'reward-multiplier',
  effectValue: 2,
  price: 100,
  stock: 10,
  image: null,
  emoji: '✨',
  description: 'Made by the admin test',
  ...fields,
});

describe('POST /api/store/create', () => {
  it('creates an item that appears in the store and is logged', async () => {
    const res = await create(admin.token, item({ name: 'Shiny Thing' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Item created');
    expect(res.body.item).toMatchObject({
      name: 'Shiny Thing',
      type: 'power-up',
      effect: 'Double coins',
      effectType: 'reward-multiplier',
      effectValue: 2,
      price: 100,
      stock: 10,
      emoji: '✨',
    });
    expect((await shelf()).some((i) => i._id === res.body.item._id)).toBe(true);
    const logs = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(logs.body.some((l) => l.action === 'create_item' && l.target === 'Shiny Thing')).toBe(
      true,
    );
  });

  it('accepts cosmetics, badges without effect, every effect type at its bounds, and describes a missing effect', async () => {
    const cosmetic = await create(
      admin.token,
      item({ type: 'cosmetic', effectType: 'cosmetic', effectValue: 1, effect: '' }),
    );
    expect(cosmetic.body.item).toMatchObject({
      effectType: 'cosmetic',
      effectValue: 1,
      effect: 'Cosmetic',
    });
    const badge = await create(
      admin.token,
      item({ type: 'badge', effectType: null, effectValue: null, effect: null }),
    );
    expect(badge.body.item).toMatchObject({
      effectType: null,
      effectValue: null,
      effect: 'No effect',
    });
    for (const [effectType, effectValue, effect] of [
      ['reward-multiplier', 3, 'Reward ×3'],
      ['reward-multiplier', 1.25, 'Reward ×1.25'],
      ['slots-luck', 50, '+50% slot luck'],
      ['extra-safe-click', 5, '5 extra safe clicks'],
      ['mine-reduction', 1, '-1 mine'],
    ] as const) {
      const res = await create(admin.token, item({ effectType, effectValue, effect: undefined }));
      expect(res.status).toBe(201);
      expect(res.body.item).toMatchObject({ effectType, effectValue, effect });
    }
    const https = await create(
      admin.token,
      item({ image: 'https://example.com/a.png', price: 0, stock: 0 }),
    );
    expect(https.body.item).toMatchObject({
      image: 'https://example.com/a.png',
      price: 0,
      stock: 0,
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(61) }, 'name'],
    [{ type: 'hat' }, 'type'],
    [{ effectType: 'teleport' }, 'effectType'],
    [{ type: 'cosmetic', effectType: 'slots-luck', effectValue: 5 }, 'effectType'],
    [{ type: 'power-up', effectType: 'cosmetic', effectValue: 1 }, 'effectType'],
    [{ type: 'cosmetic', effectType: 'cosmetic', effectValue: 2 }, 'effectValue'],
    [{ type: 'power-up', effectType: null, effectValue: null }, 'effectType'],
    [{ type: 'badge', effectType: 'slots-luck', effectValue: 5 }, 'effectType'],
    [{ effectType: 'reward-multiplier', effectValue: 3.5 }, 'effectValue'],
    [{ effectType: 'reward-multiplier', effectValue: 0.5 }, 'effectValue'],
    [{ effectType: 'reward-multiplier', effectValue: 1.555 }, 'effectValue'],
    [{ effectType: 'slots-luck', effectValue: 51 }, 'effectValue'],
    [{ effectType: 'extra-safe-click', effectValue: 1.5 }, 'effectValue'],
    [{ effectType: 'mine-reduction', effectValue: 6 }, 'effectValue'],
    [{ effectType: 'mine-reduction', effectValue: -1 }, 'effectValue'],
    [{ effectType: 'mine-reduction', effectValue: null }, 'effectValue'],
    [{ price: -1 }, 'price'],
    [{ price: 1.5 }, 'price'],
    [{ price: '10' }, 'price'],
    [{ stock: -1 }, 'stock'],
    [{ stock: 2.5 }, 'stock'],
    [{ image: 'http://example.com/a.png' }, 'image'],
    [{ image: 'javascript:alert(1)' }, 'image'],
    [{ image: '/uploads/../secret' }, 'image'],
    [{ surprise: true }, 'surprise'],
  ])('rejects bad input %# naming %s and creates nothing', async (fields, field) => {
    const before = (await callRoute(server, 'GET /api/store/items', { token: admin.token })).body
      .length;
    expectBadField(await create(admin.token, item(fields)), field);
    expect(
      (await callRoute(server, 'GET /api/store/items', { token: admin.token })).body.length,
    ).toBe(before);
  });

  it('refuses a name taken ignoring case with 409 naming the field', async () => {
    await create(admin.token, item({ name: 'Unique Widget' }));
    expectError(await create(admin.token, item({ name: 'unique WIDGET' })), 409, {
      message: 'name',
    });
  });

  it('needs a token and an admin', async () => {
    expectError(await create(undefined, item()), 401);
    expectError(await create(user.token, item()), 403);
    expectError(await callRoute(server, 'GET /api/store/items', { token: user.token }), 403);
    expectError(await callRoute(server, 'GET /api/store/items'), 401);
  });
});

describe('PATCH /api/store/items/:id', () => {
  it('changes price and stock, retires (hidden, kept in inventories) and restores', async () => {
    const made = (await create(admin.token, item({ price: 5, stock: 3 }))).body.item;
    const buyer = await registerUser(server);
    expect(
      (
        await callRoute(server, 'POST /api/store/purchase', {
          token: buyer.token,
          body: { itemId: made._id },
        })
      ).status,
    ).toBe(200);
    const res = await patch(admin.token, made._id, { price: 7, stock: 20 });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ price: 7, stock: 20, retired: false });
    const retired = await patch(admin.token, made._id, { retired: true });
    expect(retired.body.item.retired).toBe(true);
    expect((await shelf()).some((i) => i._id === made._id)).toBe(false);
    const held = await callRoute(server, 'GET /api/store/user', { token: buyer.token });
    expect(held.body.inventory.some((e) => e.item._id === made._id)).toBe(true);
    expectError(
      await callRoute(server, 'POST /api/store/purchase', {
        token: buyer.token,
        body: { itemId: made._id },
      }),
      404,
    );
    expect((await patch(admin.token, made._id, { retired: false })).body.item.retired).toBe(false);
    expect((await shelf()).some((i) => i._id === made._id)).toBe(true);
    const logs = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(
      logs.body.filter((l) => l.action === 'update_item' && l.target === made.name),
    ).toHaveLength(3);
  });

  it.each([
    [{}, 'body'],
    [{ price: -5 }, 'price'],
    [{ stock: 1.5 }, 'stock'],
    [{ retired: 'yes' }, 'retired'],
    [{ name: 'renamed' }, 'name'],
  ])('rejects bad input %# naming %s', async (body, field) => {
    const made = (await create(admin.token, item())).body.item;
    expectBadField(await patch(admin.token, made._id, body), field);
  });

  it('answers 404 for an unknown item, 400 for a bad id, 401 without token, 403 for a non-admin', async () => {
    expectError(await patch(admin.token, 987654, { price: 1 }), 404);
    expectBadField(await patch(admin.token, 'abc', { price: 1 }), 'id');
    expectError(await patch(undefined, 1, { price: 1 }), 401);
    expectError(await patch(user.token, 1, { price: 1 }), 403);
  });
});

describe('POST /api/store/upload', () => {
  const upload = (token: string | undefined, data: Buffer, field = 'image') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'item.png');
    return callRouteRaw(server, 'POST /api/store/upload', { token, rawBody: form });
  };

  it('stores a picture and answers its url, usable as an item image', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const res = await upload(admin.token, png);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const file = await fetch(server.url + res.body.url);
    expect(file.status).toBe(200);
    const made = await create(
      admin.token,
      item({ type: 'cosmetic', effectType: 'cosmetic', effectValue: 1, image: res.body.url }),
    );
    expect(made.body.item.image).toBe(res.body.url);
  });

  it('refuses a file that is not an image, a wrong field, no token and a non-admin', async () => {
    expectBadField(await upload(admin.token, Buffer.from('not a picture at all')), 'image');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expectError(await upload(admin.token, png, 'picture'), 400);
    expectError(
      await callRouteRaw(server, 'POST /api/store/upload', {
        token: admin.token,
        body: { image: 'x' },
      }),
      400,
    );
    expectError(await upload(undefined, png), 401);
    expectError(await upload(user.token, png), 403);
  });
});
