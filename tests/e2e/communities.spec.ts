import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityJoinPolicy, CommunityVisibility } from '../../src/shared/communities';
import { balanceOf, uniqueName, type TestUser } from '../../src/server/testing/harness';
import { callRoute } from '../../src/server/testing/callRoute';
import { openSignedIn, signInAs, startWorld, type World } from './support/world';
import { openDocument, waitForPath } from './support/helpers';
import { phoneReport } from './support/phone';
import { AuthPage } from './pages/AuthPage';
import { CommunityDirectoryPage, CommunityPage } from './pages/CommunityPages';
import { HomePage } from './pages/HomePage';
import { NavBar } from './pages/NavBar';
import { PublicProfilePage } from './pages/PublicProfilePage';
import { Toasts } from './pages/Toasts';

/**
 * Communities in the browser (issue 37): the directory and its create form, a community's
 * page with its feed, members, invites, requests and moderation, invite links, and the home
 * community beside a name. State the walk is not about is built through the API.
 */
const PHONE = { width: 390, height: 844 };

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

const newSlug = () => uniqueName('c').toLowerCase();

async function createCommunity(
  owner: TestUser,
  fields: {
    name?: string;
    visibility?: CommunityVisibility;
    joinPolicy?: CommunityJoinPolicy;
  } = {},
): Promise<{ slug: string; name: string }> {
  const slug = newSlug();
  const name = fields.name ?? `Crew ${slug}`;
  const res = await callRoute(world.server, 'POST /api/communities', {
    token: owner.token,
    body: { slug, name, visibility: fields.visibility, joinPolicy: fields.joinPolicy },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { slug, name };
}

async function join(user: TestUser, slug: string): Promise<void> {
  const res = await callRoute(world.server, 'POST /api/communities/:slug/join', {
    token: user.token,
    params: { slug },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function postAs(user: TestUser, slug: string, body: string) {
  return callRoute(world.server, 'POST /api/communities/:slug/posts', {
    token: user.token,
    params: { slug },
    body: { body },
  });
}

/** Resolves once the page's live socket has its server hello: only then can a push be expected. */
function helloOn(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"hello"')) resolve();
      });
    });
  });
}

describe('communities at 1280 px', () => {
  it('the landing card and the nav lead to the directory; a visitor browses; a player creates one through the form and it opens', async () => {
    const owner = await world.user();
    const visitor = await world.newPage();
    const home = new HomePage(visitor);
    await home.open();
    await home.featureCards.getByRole('link', { name: 'Communities' }).click();
    await waitForPath(visitor, '/communities');
    await visitor.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(await visitor.getByRole('form', { name: 'Start a community' }).count()).toBe(0);

    const page = await openSignedIn(world, owner);
    const nav = new NavBar(page);
    await openDocument(page, '/rules');
    await nav.goTo('Communities');
    await waitForPath(page, '/communities');
    const directory = new CommunityDirectoryPage(page);
    await directory.createForm
      .getByText(/costs 1,000 coins, paid into the community’s treasury/)
      .waitFor();
    const name = `Night Owls ${uniqueName('')}`;
    await directory.create({ name, description: 'Late games, later regrets', icon: '🦉' });
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    await waitForPath(page, `/c/${slug}`);
    const community = new CommunityPage(page);
    await community.title(name).waitFor();
    await page.getByTestId('community-treasury').filter({ hasText: '1,000' }).waitFor();
    await page.getByText('You own this community.').waitFor();
    expect(await balanceOf(world.server, owner.id)).toBe(0);

    // The directory finds it by search, and the visitor sees it too.
    await directory.open();
    await directory.search.fill('night owls');
    await directory.card(name).waitFor();
    await directory.sortTab('New').click();
    await page.waitForURL(/sort=new/);
    await directory.card(name).waitFor();
    await openDocument(visitor, `/communities?q=${encodeURIComponent(name)}`);
    await new CommunityDirectoryPage(visitor).card(name).click();
    await waitForPath(visitor, `/c/${slug}`);
    await visitor.getByRole('link', { name: 'Sign in to join' }).waitFor();
    await visitor.getByText('No posts yet — say hello').waitFor();
  });

  it('an invite link: a signed-out player signs in and lands in the community; a used-up link says so', async () => {
    const [owner, guest, late] = [await world.user(), await world.user(), await world.user()];
    const { slug, name } = await createCommunity(owner, { joinPolicy: 'invite' });
    const page = await openSignedIn(world, owner);
    const community = new CommunityPage(page);
    await community.open(slug, 'invites');
    const link = await community.makeInvite(1, 24);
    expect(link).toMatch(new RegExp(`/c/join/[\\w-]+$`));
    const path = new URL(link).pathname;

    const guestTab = await world.newPage();
    const guestView = new CommunityPage(guestTab);
    await guestView.open(slug);
    await guestView.button('Invite only').waitFor();
    await guestTab.getByText('By invitation only.').waitFor();
    await openDocument(guestTab, path);
    await waitForPath(guestTab, '/login');
    const auth = new AuthPage(guestTab);
    await auth.signIn(guest.username, guest.password);
    await waitForPath(guestTab, `/c/${slug}`);
    await new Toasts(guestTab).waitFor(`Welcome to ${name}`);
    await guestView.button('Leave').waitFor();

    const lateTab = await openSignedIn(world, late);
    await openDocument(lateTab, path);
    await lateTab
      .getByRole('alert')
      .filter({ hasText: 'This invite code has been used up' })
      .waitFor();
    await lateTab.getByRole('link', { name: 'Browse communities' }).waitFor();
  });

  it('approval: a player asks to join, a moderator approves on the Requests tab, and the player is in', async () => {
    const [owner, applicant] = [await world.user(), await world.user()];
    const { slug } = await createCommunity(owner, { joinPolicy: 'approval' });
    const tab = await openSignedIn(world, applicant);
    const view = new CommunityPage(tab);
    await view.open(slug);
    await tab.getByText('Moderators approve each request.').waitFor();
    await view.button('Request to join').click();
    await view.button('Request sent').waitFor();

    const ownerTab = await openSignedIn(world, owner);
    const mod = new CommunityPage(ownerTab);
    await mod.open(slug, 'requests');
    await mod.request(applicant.username).getByRole('button', { name: 'Approve' }).click();
    await new Toasts(ownerTab).waitFor(`${applicant.username} is now a member`);
    await mod.request(applicant.username).waitFor({ state: 'detached' });
    await mod.tab('Moderation log');
    await ownerTab
      .getByTestId('modlog-entry')
      .filter({ hasText: `approved ${applicant.username}’s request to join` })
      .waitFor();

    await tab.reload();
    await view.button('Leave').waitFor();
    await view.postBox.waitFor();
  });

  it('posts with a link and a mention appear live; a moderator mutes the author, who then sees the notice and cannot post', async () => {
    const [owner, member] = [await world.user(), await world.user()];
    const { slug } = await createCommunity(owner);
    await join(member, slug);

    const ownerTab = await world.newPage();
    const hello = helloOn(ownerTab);
    const mod = new CommunityPage(ownerTab);
    await signInAs(ownerTab, world.server, owner);
    await mod.open(slug);
    await ownerTab.getByText('No posts yet — say hello').waitFor();
    await hello;

    const tab = await openSignedIn(world, member);
    const view = new CommunityPage(tab);
    await view.open(slug);
    const text = `hi @${owner.username} see https://example.com/x. <b>bold</b>`;
    await view.post(text);
    const post = view.postWith('see');
    const mention = post.getByRole('link', { name: `@${owner.username}`, exact: true });
    expect(await mention.getAttribute('href')).toBe(`/profile/${owner.username}`);
    const link = post.getByRole('link', { name: 'https://example.com/x', exact: true });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await post.locator('b').count()).toBe(0);
    await post.getByText('<b>bold</b>').waitFor();

    // The owner's open page hears of it without a reload, and answers it.
    const heard = mod.postWith('see');
    await heard.waitFor();
    await heard.getByRole('button', { name: 'Comment', exact: true }).click();
    const reply = heard.getByRole('form', { name: `Comment on ${member.username}’s post` });
    await reply.getByLabel('Write a comment').fill(`welcome @${member.username}`);
    await reply.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = heard.getByTestId('community-comment').filter({ hasText: 'welcome' });
    await comment.getByRole('link', { name: `@${member.username}` }).waitFor();
    await view.postWith('see').getByText('1 comment', { exact: true }).waitFor();

    // Rate limit: the server's words for a 429 are shown under the box.
    for (let i = 0; i < 9; i++)
      expect((await postAs(member, slug, `filler ${i}`)).status).toBe(201);
    await view.post('one too many');
    await view.postBox
      .getByText(/You can post 10 times a minute in a community; try again in \d+ s/)
      .waitFor();

    // A moderator removes another's post with a reason, which the log keeps.
    const filler = mod.postWith('filler 8');
    await filler.getByRole('button', { name: `Delete ${member.username}’s post` }).click();
    const ask = ownerTab.getByRole('alertdialog', { name: `Delete ${member.username}’s post?` });
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await ask.getByText('Give a reason: it goes in the moderation log.').waitFor();
    await ask.getByLabel('Reason', { exact: true }).fill('Off topic');
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await filler.waitFor({ state: 'detached' });

    await mod.tab('Members');
    await mod.sanction(member.username, 'mute', 'Spamming the feed', 2);
    await new Toasts(ownerTab).waitFor(`${member.username} is muted for 2 hours`);
    await mod.tab('Moderation log');
    await ownerTab.getByTestId('modlog-entry').filter({ hasText: 'Spamming the feed' }).waitFor();
    await ownerTab
      .getByTestId('modlog-entry')
      .filter({ hasText: `deleted a post by ${member.username} — Off topic` })
      .waitFor();

    await tab.reload();
    await view.mutedNotice.filter({ hasText: /^You are muted until / }).waitFor();
    expect(await view.postBox.count()).toBe(0);
    expect(await tab.getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0);
    expect((await postAs(member, slug, 'still here?')).status).toBe(403);
  });

  it('a private community and an unknown address look the same to a non-member: no community here', async () => {
    const [owner, outsider] = [await world.user(), await world.user()];
    const { slug, name } = await createCommunity(owner, { visibility: 'private' });
    const tab = await openSignedIn(world, outsider);
    const view = new CommunityPage(tab);
    for (const address of [slug, 'no-such-community-here']) {
      await view.open(address);
      await view.notFound.getByRole('heading', { name: 'No community here' }).waitFor();
      expect(await tab.getByText(name).count()).toBe(0);
    }
    await view.notFound.getByRole('link', { name: 'Browse communities' }).click();
    await waitForPath(tab, '/communities');

    // Its owner sees it, and cannot make it a home: the server's reason is shown.
    const ownerTab = await openSignedIn(world, owner);
    const mine = new CommunityPage(ownerTab);
    await mine.open(slug);
    await mine.title(name).waitFor();
    await mine.button('Make home community').click();
    await ownerTab.getByRole('alert').filter({ hasText: 'is private' }).waitFor();
  });

  it('a home community shows beside the name on the profiles and the leaderboard', async () => {
    const [owner, member] = [await world.user(), await world.user()];
    const { slug, name } = await createCommunity(owner);
    await join(member, slug);
    const tab = await openSignedIn(world, member);
    const view = new CommunityPage(tab);
    await view.open(slug);
    await view.button('Make home community').click();
    await tab.getByRole('button', { name: 'Home community ✓', pressed: true }).waitFor();

    const mark = (page: Page) =>
      page.getByTestId('home-community').filter({ hasText: name }).first();
    await openDocument(tab, '/profile');
    expect(await mark(tab).getAttribute('href')).toBe(`/c/${slug}`);
    const profile = new PublicProfilePage(tab);
    await profile.open(member.username);
    await profile.name(member.username).waitFor();
    expect(await mark(tab).getAttribute('href')).toBe(`/c/${slug}`);
    await openDocument(tab, '/leaderboard');
    const row = tab.locator(`[data-testid="leaderboard-row"][data-username="${member.username}"]`);
    await row.getByTestId('home-community').filter({ hasText: name }).waitFor();
  });
});

describe('communities on a 390 px phone', () => {
  it('fits with no sideways scroll and no serious axe finding: directory, feed, members, sanction dialog, invites, settings, not found', async () => {
    const { report, check } = phoneReport(PHONE.width, 'communities-390');
    const [owner, member] = [await world.user(), await world.user()];
    const longName = `W${'W'.repeat(58)}W`;
    const { slug } = await createCommunity(owner, { name: longName });
    await join(member, slug);
    const long = `${'Wonderful '.repeat(150)}https://example.com/${'w'.repeat(200)} @${owner.username}`;
    expect((await postAs(member, slug, long.slice(0, 2000))).status).toBe(201);

    const page = await openSignedIn(world, owner, { ...PHONE, bypassCSP: true });
    const directory = new CommunityDirectoryPage(page);
    await directory.open('?sort=new');
    await directory.card(longName).waitFor();
    await check(page, 'directory');

    const view = new CommunityPage(page);
    await view.open(slug);
    await view.posts.first().waitFor();
    await check(page, 'feed');
    await view.tab('Members');
    await view.member(member.username).waitFor();
    await check(page, 'members');
    await view.member(member.username).getByRole('button', { name: 'Sanction' }).click();
    const dialog = page.getByRole('dialog', { name: `Sanction ${member.username}` });
    await dialog.waitFor();
    expect(
      await dialog
        .getByLabel('Action', { exact: true })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await check(page, 'sanction dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await view.tab('Invites');
    await view.makeInvite(5, 48);
    await check(page, 'invites');
    await view.tab('Settings');
    await page.getByRole('form', { name: 'Community settings' }).waitFor();
    await check(page, 'settings');

    await view.open('nothing-at-this-address');
    await view.notFound.waitFor();
    await check(page, 'not found');
    expect(report).toEqual({});
  });
});
