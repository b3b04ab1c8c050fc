import type { Locator, Page } from 'playwright-core';

/** react-hot-toast notifications (top-right for good news, bottom-center for failures). */
export class Toasts {
  constructor(private readonly page: Page) {}

  /** A toast with exactly this message. */
  message(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text }).getByText(text, { exact: true });
  }

  /** Toasts whose message matches (the toaster's bars only, not a page's own status lines). */
  matching(pattern: RegExp): Locator {
    return this.page.locator('div[role="status"][aria-live="polite"]').filter({ hasText: pattern });
  }

  /**
   * Starts counting, in the page, the most toasts matching the pattern on screen at once; the
   * returned function reads that figure. It samples on every change of the page, so a toast that
   * lives for a moment is still seen.
   */
  async trackMostAtOnce(pattern: RegExp): Promise<() => Promise<number>> {
    const key = `mostToasts${Math.random().toString(36).slice(2)}`;
    await this.page.evaluate(
      ({ key, source, flags }) => {
        const re = new RegExp(source, flags);
        const store = window as unknown as Record<string, number>;
        store[key] = 0;
        const sample = () => {
          const shown = [
            ...document.querySelectorAll('div[role="status"][aria-live="polite"]'),
          ].filter((el) => re.test(el.textContent ?? '')).length;
          store[key] = Math.max(store[key] ?? 0, shown);
        };
        sample();
        new MutationObserver(sample).observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      },
      { key, source: pattern.source, flags: pattern.flags },
    );
    return () =>
      this.page.evaluate((k) => (window as unknown as Record<string, number>)[k] ?? 0, key);
  }

  /** Waits for a toast with exactly this message and returns its text. */
  async waitFor(text: string): Promise<string> {
    const toast = this.message(text).first();
    // A success toast lives 2 s; on a loaded machine it can come and go between two polls of
    // toast.waitFor, so a toast the page recorded (support/world.ts) counts as seen too.
    const recorded = this.page
      .waitForFunction(
        (t) => ((window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? []).includes(t),
        text,
        { polling: 100 },
      )
      .then(() => text);
    const shown = toast.waitFor().then(async () => (await toast.innerText()).trim());
    try {
      return await Promise.any([shown, recorded]);
    } catch {
      const seen = await this.page
        .evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? [])
        .catch(() => []);
      throw new Error(
        `No toast '${text}' within the timeout; toasts seen on this page: ${JSON.stringify(seen)}`,
      );
    }
  }

  /** Where the toast with this message is on screen (its whole bar, icon included), once shown. */
  async box(text: string): Promise<{ x: number; y: number; width: number; height: number }> {
    const message = this.page.getByRole('status').filter({ hasText: text }).first();
    await message.waitFor();
    // The status element holds the text; its parent is the bar drawn on screen, which slides in.
    // The box is read once that slide has ended (a replaced animation rejects; then the next counts).
    const box = await message.locator('xpath=..').evaluate(async (bar) => {
      for (let round = 0; round < 10; round++) {
        const sliding = bar
          .getAnimations()
          .filter((animation) => animation.playState === 'running');
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
