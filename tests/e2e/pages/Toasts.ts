import type { Locator, Page } from 'playwright-core';

/** react-hot-toast notifications (top-right for good news, bottom-center for failures). */
export class Toasts {
  constructor(private readonly page: Page) {}

  /** A toast with exactly this message. */
  message(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text }).getByText(text, { exact: true });
  }

  /** Waits for a toast with exactly this message and returns its text. */
  async waitFor(text: string): Promise<string> {
    const toast = this.message(text).first();
    await toast.waitFor();
    return (await toast.innerText()).trim();
  }
}
