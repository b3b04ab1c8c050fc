import type { Locator, Page } from 'playwright-core';
import { openDocument, textWithEmoji } from '../support/helpers';

export type Strength = 'weak' | 'medium' | 'strong';

/** The signed-in user's own profile (/profile, "Vibe Zone"). */
export class ProfilePage {
  readonly heading: Locator;
  readonly card: Locator;
  readonly role: Locator;
  readonly balance: Locator;
  readonly pictureInput: Locator;
  readonly picturePreview: Locator;
  readonly usernameInput: Locator;
  readonly passwordInput: Locator;
  readonly currentPasswordInput: Locator;
  readonly sessionExpiry: Locator;
  readonly strengthMeter: Locator;
  readonly saveButton: Locator;
  readonly peaceOutButton: Locator;
  readonly nukeButton: Locator;
  readonly nukeDialog: Locator;
  /** "Beside your name": which held cosmetic shows beside the name. */
  readonly cosmeticChoice: Locator;
  readonly shownCosmetic: Locator;
  /** "On this device": web push and installing the app. */
  readonly device: Locator;
  readonly pushOnButton: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Vibe Zone', level: 1 });
    this.card = page.getByRole('region', { name: 'Your profile' });
    this.role = page.getByTestId('profile-role');
    this.balance = page.getByTestId('profile-balance');
    this.pictureInput = page.getByLabel('New picture', { exact: true });
    this.picturePreview = page.getByRole('img', { name: 'New picture preview' });
    this.usernameInput = page.getByLabel('Username', { exact: true });
    this.passwordInput = page.getByLabel('New password', { exact: true });
    this.currentPasswordInput = page.getByLabel('Current password', { exact: true });
    this.sessionExpiry = page.getByTestId('session-expiry');
    this.strengthMeter = page.getByTestId('password-strength');
    this.saveButton = page.getByRole('button', { name: 'Save Changes' });
    this.peaceOutButton = page.getByRole('button', { name: 'Peace Out' });
    this.nukeButton = page.getByRole('button', { name: 'Nuke Account' });
    this.nukeDialog = page.getByRole('dialog', { name: 'Nuke your account?' });
    this.cosmeticChoice = page.getByLabel('Cosmetic to show', { exact: true });
    this.shownCosmetic = page.getByTestId('shown-cosmetic');
    this.device = page.getByRole('region', { name: 'On this device' });
    this.pushOnButton = this.device.getByRole('button', { name: 'Turn on push notifications' });
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/profile');
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
    await this.saveButton.waitFor();
  }

  /** The "@username" link to the public profile. */
  handleLink(username: string): Locator {
    return this.card.getByRole('link', { name: `@${username}`, exact: true });
  }

  avatar(username: string): Locator {
    return this.card.getByRole('img', { name: `${username}'s avatar`, exact: true });
  }

  /** Waits for the avatar picture to finish loading; returns its src and natural width. */
  async loadedAvatar(username: string): Promise<{ src: string | null; naturalWidth: number }> {
    const img = this.card.locator('img').and(this.avatar(username));
    await img.waitFor();
    await img.evaluate((el: HTMLImageElement) =>
      el.complete
        ? undefined
        : new Promise<void>((resolve) => {
            el.addEventListener('load', () => resolve(), { once: true });
            el.addEventListener('error', () => resolve(), { once: true });
          }),
    );
    return {
      src: await img.getAttribute('src'),
      naturalWidth: await img.evaluate((el: HTMLImageElement) => el.naturalWidth),
    };
  }

  async choosePicture(file: string): Promise<void> {
    await this.pictureInput.setInputFiles(file);
    await this.picturePreview.waitFor();
  }

  async setUsername(username: string): Promise<void> {
    await this.usernameInput.fill(username);
  }

  /** Types a new password and reads what the strength meter says about it. */
  async strengthOf(password: string): Promise<Strength | null> {
    await this.passwordInput.fill(password);
    await this.strengthMeter.waitFor();
    return (await this.strengthMeter.getAttribute('data-strength')) as Strength | null;
  }

  async clearPassword(): Promise<void> {
    await this.passwordInput.fill('');
    await this.strengthMeter.waitFor({ state: 'detached' });
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  async peaceOut(): Promise<void> {
    await this.peaceOutButton.click();
  }

  async openNukeDialog(): Promise<void> {
    await this.nukeButton.click();
    await this.nukeDialog.waitFor();
  }

  async cancelNuke(): Promise<void> {
    await this.nukeDialog.getByRole('button', { name: 'Cancel' }).click();
    await this.nukeDialog.waitFor({ state: 'hidden' });
  }

  /** Confirms the deletion in the open dialog with this password. */
  async confirmNuke(password: string): Promise<void> {
    await this.nukeDialog.getByLabel('Confirm password').fill(password);
    await this.nukeDialog.getByRole('button', { name: 'Yes, nuke it' }).click();
  }

  /** Waits for the dialog's error box and returns its text. */
  async nukeError(): Promise<string> {
    const alert = this.nukeDialog.getByRole('alert');
    await alert.waitFor();
    return (await alert.innerText()).trim();
  }

  // Joke toys.
  async complimentOrRoast(): Promise<string> {
    await this.page.getByRole('button', { name: 'Compliment or Roast Me' }).click();
    const line = this.page.getByTestId('joke-line');
    await line.filter({ hasText: /(Roast|Compliment): \S/ }).waitFor();
    return (await textWithEmoji(line)).trim();
  }

  /** Summons the ghost; resolves once it is on screen. */
  async summonGhost(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Summon a Ghost' }).click();
    const ghost = this.page.getByTestId('ghost');
    await ghost.waitFor({ state: 'attached' });
    return ghost;
  }
}
