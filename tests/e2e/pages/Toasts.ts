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

  /** Where the toast with this message is on screen (its whole bar, icon included), once shown. */
  async box(text: string): Promise<{ x: number; y: number; width: number; height: number }> {
    const message = this.page.getByRole('status').filter({ hasText: text }).first();
    await message.waitFor();
    // The status element holds the text; its parent is the bar drawn on screen, which slides in.
    // The box is read once that slide has ended (a replaced animation rejects; then the next counts).
    const box = await message.locator('xpath=..').evaluate(async (bar) => {
      for (let round = 0; round < 10; round++) {
        const sliding = bar.getAnimations().filter((animation) => animation.playState === 'running');
        if (sliding.length === 0) break;
        await Promise.all(sliding.map((animation) => animation.finished.catch(() => undefined)));
      }
      const rect = bar.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    });
    if (!box) throw new Error(`toast "${text}" has no box`);
    return box;
  }
}
