import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** /communities: search, sort tabs, the directory's cards and the create form. */
export class CommunityDirectoryPage {
  readonly search: Locator;
  readonly createForm: Locator;

  constructor(private readonly page: Page) {
    this.search = page.getByLabel('Search communities', { exact: true });
    this.createForm = page.getByRole('form', { name: 'Start a community' });
  }

  async open(query = ''): Promise<void> {
    await openDocument(this.page, `/communities${query}`);
    await this.page.getByRole('heading', { name: 'Communities', level: 1 }).waitFor();
  }

  sortTab(name: 'Active' | 'Members' | 'New'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  card(name: string): Locator {
    return this.page
      .getByTestId('community-card')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Fills the create form (the address follows the name unless given) and submits it. */
  async create(fields: {
    name: string;
    slug?: string;
    description?: string;
    icon?: string;
    visibility?: 'public' | 'private';
    joinPolicy?: 'open' | 'approval' | 'invite';
  }): Promise<void> {
    const form = this.createForm;
    await form.getByLabel('Name', { exact: true }).fill(fields.name);
    if (fields.slug) await form.getByLabel('Address', { exact: true }).fill(fields.slug);
    if (fields.description)
      await form.getByLabel('Description', { exact: true }).fill(fields.description);
    if (fields.icon) await form.getByRole('button', { name: `Use ${fields.icon}` }).click();
    if (fields.visibility)
      await form.getByLabel('Visibility', { exact: true }).selectOption(fields.visibility);
    if (fields.joinPolicy)
      await form.getByLabel('Join policy', { exact: true }).selectOption(fields.joinPolicy);
    await form.getByRole('button', { name: /^Create for 1,000 coins$/ }).click();
  }
}

type Tab =
  'Feed' | 'Members' | 'About' | 'Moderation log' | 'Requests' | 'Reports' | 'Invites' | 'Settings';

/** /c/{slug}: the header with its buttons, the tabs and what each shows. */
export class CommunityPage {
  readonly postBox: Locator;
  readonly posts: Locator;
  readonly mutedNotice: Locator;
  readonly notFound: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.postBox = page.getByRole('form', { name: /^Post to / });
    this.posts = page.getByTestId('community-post');
    this.mutedNotice = page.getByTestId('muted-notice');
    this.notFound = page.getByTestId('community-not-found');
    this.dialog = page.locator('[role="dialog"][aria-modal="true"], [role="alertdialog"]');
  }

  async open(slug: string, tab?: string): Promise<void> {
    await openDocument(this.page, `/c/${slug}${tab ? `?tab=${tab}` : ''}`);
  }

  /** Waits for the community's heading (its name). */
  title(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  button(name: string | RegExp): Locator {
    return this.page
      .getByRole('main')
      .getByRole('button', { name, exact: typeof name === 'string' });
  }

  async tab(name: Tab): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
    await this.page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  }

  async post(text: string): Promise<void> {
    await this.postBox.getByRole('textbox').fill(text);
    await this.postBox.getByRole('button', { name: 'Post', exact: true }).click();
  }

  /** The post whose text contains `text`. */
  postWith(text: string): Locator {
    return this.posts.filter({ hasText: text });
  }

  member(username: string): Locator {
    return this.page.locator(`[data-testid="community-member"][data-username="${username}"]`);
  }

  request(username: string): Locator {
    return this.page.locator(`[data-testid="join-request"][data-username="${username}"]`);
  }

  /** Makes an invite on the Invites tab and returns its link. */
  async makeInvite(uses: number, hours: number): Promise<string> {
    const form = this.page.getByRole('form', { name: 'Make an invite' });
    await form.getByLabel('Uses', { exact: true }).fill(String(uses));
    await form.getByLabel('Expires in (hours)', { exact: true }).fill(String(hours));
    await form.getByRole('button', { name: 'Make invite' }).click();
    const link = this.page.getByTestId('community-invite').first().getByLabel('Invite link');
    await link.waitFor();
    return link.inputValue();
  }

  /** Sanctions a member from the Members tab through the dialog. */
  async sanction(
    username: string,
    action: 'mute' | 'ban' | 'remove',
    reason: string,
    hours?: number,
  ): Promise<void> {
    await this.member(username).getByRole('button', { name: 'Sanction' }).click();
    const dialog = this.page.getByRole('dialog', { name: `Sanction ${username}` });
    await dialog.getByLabel('Action', { exact: true }).selectOption(action);
    if (hours !== undefined) await dialog.getByLabel(/^Hours/).fill(String(hours));
    await dialog.getByLabel('Reason', { exact: true }).fill(reason);
    await dialog.getByRole('button', { name: /^(Mute|Ban|Remove)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
