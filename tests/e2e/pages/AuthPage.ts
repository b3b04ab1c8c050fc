import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** The shared login / register form (/login, /register). */
export class AuthPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  readonly registerButton: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    const form = page.getByRole('main').getByRole('form');
    this.username = form.getByLabel('Username', { exact: true });
    this.password = form.getByLabel('Password', { exact: true });
    this.signInButton = form.getByRole('button', { name: 'Sign In', exact: true });
    this.registerButton = form.getByRole('button', { name: 'Register', exact: true });
    // The sign-in form's refusal, or a suspended player's notice after the form.
    this.error = page.getByRole('main').getByRole('alert');
  }

  async openLogin(): Promise<void> {
    await openDocument(this.page, '/login');
    await this.live();
    await this.signInButton.waitFor();
  }

  async openRegister(): Promise<void> {
    await openDocument(this.page, '/register');
    await this.live();
    await this.registerButton.waitFor();
  }

  /**
   * /login and /register arrive prerendered (an inert copy, scripts/prerender.mjs) and the app
   * replaces the copy once its route has loaded: what the page says is read from the live form.
   */
  private async live(): Promise<void> {
    await this.page.locator('#prerendered').waitFor({ state: 'detached' });
  }

  /** Follows the "Register" link under the login form (keeps the return-to page). */
  async switchToRegister(): Promise<void> {
    await this.page.getByRole('main').getByRole('link', { name: 'Register', exact: true }).click();
    await this.registerButton.waitFor();
  }

  async switchToLogin(): Promise<void> {
    await this.page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
    await this.signInButton.waitFor();
  }

  async fill(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  /** Submits the login form; the caller waits for where it should land (or for `errorText`). */
  async signIn(username: string, password: string): Promise<void> {
    await this.signInButton.waitFor();
    await this.fill(username, password);
    await this.signInButton.click();
  }

  async register(username: string, password: string): Promise<void> {
    await this.registerButton.waitFor();
    await this.fill(username, password);
    await this.registerButton.click();
  }

  /**
   * After registering: the recovery codes panel, shown once. Reads the codes, downloads them
   * (the .txt the browser makes) and goes on with "I saved them".
   */
  async saveRecoveryCodes(): Promise<{ codes: string[]; file: string }> {
    const panel = this.page.getByTestId('recovery-codes');
    const list = panel.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    await panel.getByRole('button', { name: 'I saved them, continue' }).click();
    return { codes, file: Buffer.concat(chunks).toString('utf8') };
  }

  /** Waits for the red error box and returns its text. */
  async errorText(): Promise<string> {
    await this.error.waitFor();
    return (await this.error.innerText()).trim();
  }
}
