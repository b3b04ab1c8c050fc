import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestUser } from '../../src/server/testing/harness';
import { MailServer } from '../../src/server/testing/mailServer';
import { unsubscribeQuery } from '../../src/server/features/notifications/email';
import { startWorld, type World } from './support/world';
import { openDocument } from './support/helpers';
import { phoneReport } from './support/phone';

/**
 * The pages an e-mail's links open (issue 38), signed out, as a mail is often read on another
 * device: /email/confirm confirms the address once and says so; /email/unsubscribe asks first,
 * turns off exactly that kind, and refuses a link whose signature was changed.
 */
const SITE = 'https://play.example.test';
const PHONE = { width: 390, height: 844 };

const mail = new MailServer();
let world: World;

beforeAll(async () => {
  world = await startWorld({ overrides: { smtpUrl: await mail.start(), publicUrl: SITE } });
});

afterAll(async () => {
  await world?.close();
  await mail.close();
});

/** A player with `email` set; the confirmation link the mail carried, on the test server. */
async function playerWithAddress(): Promise<{ user: TestUser; email: string; confirm: string }> {
  const user = await world.user();
  const email = `${user.username}@example.test`;
  const res = await call(world.server, 'POST', '/api/user/email', {
    token: user.token,
    body: { email },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const text = mail.to(email).at(-1)?.text ?? '';
  const link = [...text.matchAll(/https:\/\/play\.example\.test\/\S+/g)]
    .map((m) => new URL(m[0]))
    .find((l) => l.pathname === '/email/confirm');
  if (!link) throw new Error(`no confirmation link in: ${text}`);
  return { user, email, confirm: `${link.pathname}${link.search}` };
}

async function emailChoice(user: TestUser, kind: string): Promise<boolean | undefined> {
  const res = await call<{ kind: string; email: boolean }[]>(
    world.server,
    'GET',
    '/api/notifications/preferences',
    { token: user.token },
  );
  return res.body.find((p) => p.kind === kind)?.email;
}

async function unsubscribeLink(user: TestUser, kind: string): Promise<string> {
  const [row] = await world.server.db.rows<{ unsubscribe_secret: string }>(
    sql`select unsubscribe_secret from notification_emails where user_id = ${user.id}`,
  );
  return `/email/unsubscribe?${unsubscribeQuery(row!.unsubscribe_secret, user.id, kind as 'coins_received')}`;
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /./ });

describe.each([
  ['at 1280 px', { width: 1280, height: 800 }],
  ['on a 390 px phone', PHONE],
])('e-mail links %s', (_name, size) => {
  it('confirm the address once, signed out', async () => {
    const { report, check } = phoneReport(size.width, `email-confirm-${size.width}`);
    const { user, email, confirm } = await playerWithAddress();
    const page = await world.newPage({ ...size, bypassCSP: true });
    await openDocument(page, confirm);
    await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
    await expect
      .poll(async () => (await status(page).allTextContents()).join(' '))
      .toContain(email);
    await check(page, 'confirmed');
    const address = await call<{ address: { email: string; confirmed: boolean } | null }>(
      world.server,
      'GET',
      '/api/user/email',
      { token: user.token },
    );
    expect(address.body.address).toEqual({ email, confirmed: true });
    // A link with a changed token confirms nothing and says the link does not work.
    await openDocument(
      page,
      confirm.replace(/token=(.)/, (_, c: string) => `token=${c === 'A' ? 'B' : 'A'}`),
    );
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/link|token/i);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(report).toEqual({});
  });

  it('unsubscribe from one kind after asking, and refuse a changed signature', async () => {
    const { report, check } = phoneReport(size.width, `email-unsubscribe-${size.width}`);
    const { user, confirm } = await playerWithAddress();
    const page = await world.newPage({ ...size, bypassCSP: true });
    await openDocument(page, confirm);
    await status(page).first().waitFor();
    const link = await unsubscribeLink(user, 'coins_received');
    await openDocument(page, link);
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await button.waitFor();
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Someone sends you coins');
    await check(page, 'asking');
    // Opening the link changed nothing: a mail scanner that follows it unsubscribes nobody.
    expect(await emailChoice(user, 'coins_received')).toBe(true);
    await button.click();
    await expect.poll(async () => (await status(page).allTextContents()).join(' ')).toMatch(/./);
    expect(await emailChoice(user, 'coins_received')).toBe(false);
    expect(await emailChoice(user, 'trade_offered')).toBe(true);
    await openDocument(
      page,
      link.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
    );
    await page.getByRole('alert').waitFor();
    await check(page, 'refused');
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    expect(report).toEqual({});
  });
});
