import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import {
  balanceOf,
  call,
  expectLedgerBalanced,
  registerAdmin,
  registerUser,
  startTestServer,
  uniqueName,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { expectBadField, expectError, expectNoSecrets } from '../../testing/expectations';
import { ban } from '../../testing/builders';
import { callRoute, callRouteRaw, type RouteResult } from '../../testing/callRoute';
import type { AuthResponse } from '../../../shared/api/accounts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await expectLedgerBalanced(server);
  await server.close();
});

const update = (token: string | undefined, form: FormData) =>
  callRouteRaw(server, 'POST /api/user/update', { token, rawBody: form });
const updateJson = (token: string | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/user/update', { token, body });
const stats = (token: string) => callRoute(server, 'GET /api/user/stats', { token });
const login = (username: string, password: string) =>
  callRoute(server, 'POST /auth/login', { body: { username, password } });

function form(
  fields: Record<string, string | { data: Buffer; name: string; type: string }>,
): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') fd.append(key, value);
    else fd.append(key, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  return fd;
}

async function fetchBinary(
  pathName: string,
): Promise<{ status: number; headers: Headers; data: Buffer }> {
  const res = await fetch(server.url + pathName);
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /api/user/update', () => {
  it('renames through multipart and through JSON', async () => {
    const user = await registerUser(server);
    const first = uniqueName('Ren');
    const res = await update(user.token, form({ username: first }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.username).toBe(first);
    expect(res.body.balance).toBe(1000);
    expectNoSecrets(res);
    expect((await stats(user.token)).body.username).toBe(first);

    const second = uniqueName('Json');
    const json = await updateJson(user.token, { username: second });
    expect(json.status).toBe(200);
    expect(json.body.username).toBe(second);
    expect(
      (await callRoute(server, 'GET /api/user/public/:username', { params: { username: second } }))
        .status,
    ).toBe(200);
    expectError(
      await callRoute(server, 'GET /api/user/public/:username', { params: { username: first } }),
      404,
    );
    // The session survives a rename, and the new name signs in.
    expect((await stats(user.token)).body.username).toBe(second);
    expect((await login(second, user.password)).status).toBe(200);
  });

  it('allows changing only the letter case of your own name', async () => {
    const user = await registerUser(server, uniqueName('case'));
    const res = await updateJson(user.token, { username: user.username.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(user.username.toUpperCase());
  });

  it('refuses a name taken by someone else, in any letter case, with 409', async () => {
    const [a, b] = [await registerUser(server, uniqueName('taken')), await registerUser(server)];
    expectError(await updateJson(b.token, { username: a.username.toUpperCase() }), 409, {
      code: 'CONFLICT',
      message: 'already taken',
    });
    expectError(await update(b.token, form({ username: a.username })), 409, {
      message: 'already taken',
    });
    expect((await stats(b.token)).body.username).toBe(b.username);
  });

  it.each([
    ['too short', 'ab'],
    ['with a space', 'bad name'],
    ['too long', 'n'.repeat(21)],
  ])('refuses a username %s with 400 naming username', async (_label, username) => {
    const user = await registerUser(server);
    expectBadField(await update(user.token, form({ username })), 'username');
    expectBadField(await updateJson(user.token, { username }), 'username');
  });

  it('refuses a non-string username or unknown fields in JSON', async () => {
    const user = await registerUser(server);
    expectBadField(await updateJson(user.token, { username: 123 }), 'username');
    expectError(await updateJson(user.token, { username: uniqueName(), role: 'admin' }), 400, {
      code: 'BAD_REQUEST',
    });
    expectError(await update(user.token, form({ role: 'admin' })), 400, { message: 'role' });
    expect((await stats(user.token)).body.role).toBe('user');
  });

  it('refuses a short or overlong password with 400 naming password', async () => {
    const user = await registerUser(server);
    expectBadField(await update(user.token, form({ password: 'short' })), 'password');
    expectBadField(await updateJson(user.token, { password: 'x'.repeat(129) }), 'password');
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('refuses an empty update with 400', async () => {
    const user = await registerUser(server);
    expectError(await updateJson(user.token, {}), 400, {
      code: 'BAD_REQUEST',
      message: /nothing to update/i,
    });
    expectError(await update(user.token, form({ username: '', password: '' })), 400, {
      code: 'BAD_REQUEST',
    });
    expectError(await callRouteRaw(server, 'POST /api/user/update', { token: user.token }), 400, {
      code: 'BAD_REQUEST',
    });
  });

  it('changes the password: other sessions end, this one stays, the new password signs in', async () => {
    const user = await registerUser(server);
    const other = await login(user.username, user.password);
    expect(other.status).toBe(200);
    expect((await stats(other.body.token)).status).toBe(200); // cached session
    const newPassword = 'brand-new-pass-42';
    const res = await update(
      user.token,
      form({ password: newPassword, currentPassword: user.password }),
    );
    expect(res.status).toBe(200);
    expectNoSecrets(res);

    expectError(await stats(other.body.token), 401, { code: 'UNAUTHORIZED' });
    expect((await stats(user.token)).status).toBe(200);
    expectError(await login(user.username, user.password), 401);
    const again = await login(user.username, newPassword);
    expect(again.status).toBe(200);
    expect((await stats(again.body.token)).status).toBe(200);
  });

  it('needs the current password to change the password: missing 400, wrong 403, and nothing changes', async () => {
    const user = await registerUser(server);
    expectError(await update(user.token, form({ password: 'taken-over-123' })), 400, {
      message: 'currentPassword',
    });
    expectError(
      await updateJson(user.token, {
        password: 'taken-over-123',
        currentPassword: 'not-my-password',
      }),
      403,
      { message: 'currentPassword' },
    );
    expectError(await login(user.username, 'taken-over-123'), 401);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('deletes the replaced picture from disk', async () => {
    const user = await registerUser(server);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f0f' } })
      .png()
      .toBuffer();
    const first = await update(
      user.token,
      form({ image: { data: png, name: 'a.png', type: 'image/png' } }),
    );
    const firstPath = first.body.profileImage!;
    expect((await fetchBinary(firstPath)).status).toBe(200);
    const second = await update(
      user.token,
      form({ image: { data: png, name: 'b.png', type: 'image/png' } }),
    );
    expect(second.body.profileImage).not.toBe(firstPath);
    expect((await fetchBinary(firstPath)).status).toBe(404);
    expect((await fetchBinary(second.body.profileImage!)).status).toBe(200);
  });

  it('changes name and password together through JSON', async () => {
    const user = await registerUser(server);
    const name = uniqueName('both');
    const res = await updateJson(user.token, {
      username: name,
      password: 'another-pass-1',
      currentPassword: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(name);
    expect((await login(name, 'another-pass-1')).status).toBe(200);
  });

  it('needs a token', async () => {
    expectError(await update(undefined, form({ username: uniqueName() })), 401, {
      code: 'UNAUTHORIZED',
    });
    expectError(await updateJson(undefined, { username: uniqueName() }), 401);
  });

  it('refuses a banned user with 403 BANNED', async () => {
    const admin = await registerAdmin(server);
    const user = await registerUser(server);
    await ban(server, admin, user);
    const res = await updateJson(user.token, { username: uniqueName() });
    expect([401, 403]).toContain(res.status);
    if (res.status === 403) expectError(res, 403, { code: 'BANNED' });
    expectError(await login(user.username, user.password), 403, { code: 'BANNED' });
  });
});

describe('profile images', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(server);
  });

  it('turns a PNG into a long-cached 256x256 WebP', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const res = await update(
      user.token,
      form({ image: { data: png, name: 'me.png', type: 'image/png' } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profileImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect((await stats(user.token)).body.profileImage).toBe(res.body.profileImage);
    expect(
      (
        await callRoute(server, 'GET /api/user/public/:username', {
          params: { username: user.username },
        })
      ).body.profileImage,
    ).toBe(res.body.profileImage);

    const file = await fetchBinary(res.body.profileImage!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('image/webp');
    const maxAge = /max-age=(\d+)/.exec(file.headers.get('cache-control') ?? '');
    expect(maxAge, file.headers.get('cache-control') ?? 'no cache-control').not.toBeNull();
    expect(Number(maxAge![1])).toBeGreaterThanOrEqual(30 * 24 * 3600);
    const meta = await sharp(file.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(256);
    expect(meta.height).toBe(256);
  });

  it('strips EXIF from a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined(); // the fixture really carries EXIF
    const res = await update(
      user.token,
      form({ image: { data: jpeg, name: 'photo.jpg', type: 'image/jpeg' } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = await fetchBinary(res.body.profileImage!);
    expect(file.status).toBe(200);
    const meta = await sharp(file.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(file.data.includes(Buffer.from('secret'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });

  it('sets name and image in one multipart request', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00f8' } })
      .png()
      .toBuffer();
    const name = uniqueName('img');
    const res = await update(
      user.token,
      form({ username: name, image: { data: png, name: 'a.png', type: 'image/png' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(name);
    expect(res.body.profileImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  });

  it('refuses a text file named x.png with 400 and keeps the old picture', async () => {
    const before = (await stats(user.token)).body.profileImage;
    const res = await update(
      user.token,
      form({
        image: { data: Buffer.from('hello, I am not a picture'), name: 'x.png', type: 'image/png' },
      }),
    );
    expectError(res, 400, { code: 'BAD_REQUEST', message: 'image' });
    expect((await stats(user.token)).body.profileImage).toBe(before);
  });

  it('refuses a truncated PNG with 400', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const res = await update(
      user.token,
      form({ image: { data: png.subarray(0, 30), name: 'cut.png', type: 'image/png' } }),
    );
    expectError(res, 400, { message: 'image' });
  });

  it('refuses a file over 5 MB with 400 mentioning 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1024, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const res = await update(
      user.token,
      form({ image: { data: big, name: 'big.png', type: 'image/png' } }),
    );
    expectError(res, 400, { code: 'BAD_REQUEST', message: '5 MB' });
  });

  it('refuses a file under another field name, and two images', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expectError(
      await update(user.token, form({ avatar: { data: png, name: 'a.png', type: 'image/png' } })),
      400,
      { message: 'image' },
    );
    const fd = form({ image: { data: png, name: 'a.png', type: 'image/png' } });
    fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
    const two = await update(user.token, fd);
    expect(two.status).toBe(400);
  });

  it('serves only generated upload names', async () => {
    for (const p of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/nothere.webp',
      `/uploads/${'a'.repeat(32)}.webp`,
    ]) {
      const res = await call(server, 'GET', p);
      expect(res.status, p).toBe(404);
    }
  });
});

describe('DELETE /api/user', () => {
  it('checks the password: missing 400, wrong 403', async () => {
    const user = await registerUser(server);
    expectBadField(
      await callRouteRaw(server, 'DELETE /api/user', { token: user.token, body: {} }),
      'password',
    );
    expectError(await callRouteRaw(server, 'DELETE /api/user', { token: user.token }), 400);
    expectError(
      await callRoute(server, 'DELETE /api/user', {
        token: user.token,
        body: { password: 'wrong-password' },
      }),
      403,
      {
        code: 'FORBIDDEN',
        message: 'password',
      },
    );
    expect((await stats(user.token)).status).toBe(200);
  });

  it('needs a token', async () => {
    expectError(
      await callRoute(server, 'DELETE /api/user', { body: { password: 'whatever-1' } }),
      401,
    );
  });

  it('deletes the account, burns its balance to the house and frees the name', async () => {
    const user = await registerUser(server, uniqueName('Del'));
    const friend = await registerUser(server);
    const other = await login(user.username, user.password);
    const sent = await callRoute(server, 'POST /api/user/send-money', {
      token: friend.token,
      body: { recipientUsername: user.username, amount: 250 },
    });
    expect(sent.status).toBe(200);
    expect(await balanceOf(server, user.id)).toBe(1250);
    const [houseBefore] = await server.db.rows<{ total: number }>(
      sql`select coalesce(sum(delta), 0)::bigint as total from ledger where user_id is null`,
    );

    const res = await callRoute(server, 'DELETE /api/user', {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');

    expectError(await stats(user.token), 401);
    expectError(await stats(other.body.token), 401);
    expectError(await login(user.username, user.password), 401);
    expectError(
      await callRoute(server, 'GET /api/user/public/:username', {
        params: { username: user.username },
      }),
      404,
    );
    expectError(
      await callRoute(server, 'POST /api/user/send-money', {
        token: friend.token,
        body: { recipientUsername: user.username, amount: 1 },
      }),
      404,
    );

    // Balance burned: the user holds nothing, the house took exactly the 1250.
    expect(await balanceOf(server, user.id)).toBe(0);
    const [houseAfter] = await server.db.rows<{ total: number }>(
      sql`select coalesce(sum(delta), 0)::bigint as total from ledger where user_id is null`,
    );
    expect(Number(houseAfter!.total) - Number(houseBefore!.total)).toBe(1250);
    const closed = await server.db.rows<{ delta: number }>(
      sql`select delta from ledger where user_id = ${user.id} and category = 'account_closed'`,
    );
    expect(closed.map((r) => Number(r.delta))).toEqual([-1250]);
    await expectLedgerBalanced(server);

    // The friend's statement keeps the transfer, naming a deleted user.
    const ledger = await callRoute(server, 'GET /api/user/ledger', {
      token: friend.token,
    });
    const out = ledger.body.entries.find((e) => e.category === 'transfer_out');
    expect(out?.counterparty).toBe('deleted user');

    // The name can be registered again, in any case, as a brand-new account.
    const again = (await callRoute(server, 'POST /auth/register', {
      body: { username: user.username.toLowerCase(), password: 'fresh-start-1' },
    })) as RouteResult<AuthResponse>;
    expect(again.status).toBe(201);
    expect(again.body.user._id).not.toBe(String(user.id));
    expect(again.body.user.balance).toBe(1000);
    expect(JSON.stringify(again.body)).not.toMatch(/password/i);
    await expectLedgerBalanced(server);
  });

  it('deletes an account with a zero balance', async () => {
    const user = await registerUser(server);
    const sink = await registerUser(server);
    const sent = await callRoute(server, 'POST /api/user/send-money', {
      token: user.token,
      body: { recipientUsername: sink.username, amount: 1000 },
    });
    expect(sent.status).toBe(200);
    const res = await callRoute(server, 'DELETE /api/user', {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status).toBe(200);
    expectError(await login(user.username, user.password), 401);
    await expectLedgerBalanced(server);
  });

  it('refuses a banned user with 403', async () => {
    const admin = await registerAdmin(server);
    const user = await registerUser(server);
    await ban(server, admin, user);
    const res = await callRoute(server, 'DELETE /api/user', {
      token: user.token,
      body: { password: user.password },
    });
    expect([401, 403]).toContain(res.status);
    expect(
      (
        await callRoute(server, 'GET /api/user/public/:username', {
          params: { username: user.username },
        })
      ).body.status,
    ).toBe('banned');
  });
});
