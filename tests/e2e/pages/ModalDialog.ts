import type { Locator, Page } from 'playwright-core';

/**
 * The app's in-page modal (components/Modal.tsx): a confirm ('Ban bob?') or an alert
 * ('Bet created'), role alertdialog or dialog with aria-modal, named by its heading.
 */
export class ModalDialog {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.locator(
      '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]',
    );
  }

  /** Waits for the dialog and returns its name (its heading's text). */
  async waitForName(): Promise<string> {
    await this.root.waitFor();
    return (await this.root.getByRole('heading').first().innerText()).trim();
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  /**
   * Runs `action`, waits for the dialog it opens, clicks the button named `answer` ('Ban',
   * 'Cancel', 'OK'...) and waits for the dialog to close. Resolves with the dialog's name.
   */
  async answer(action: () => Promise<void>, answer: string): Promise<string> {
    await action();
    const name = await this.waitForName();
    await this.button(answer).click();
    await this.root.waitFor({ state: 'detached' });
    return name;
  }

  /** The element that has focus, described for assertions ('BUTTON Cancel'). */
  async focused(): Promise<string> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      return el
        ? `${el.tagName} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`
        : 'none';
    });
  }
}
