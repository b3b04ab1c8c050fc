import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Dialog, Page } from 'playwright-core';

/** Waits until the browser's URL has exactly this path (no sleeping, no polling by hand). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Matches a coin amount at the end of a text without matching a longer number ending in it:
 * '975' matches '🪙 975' but not '🪙 1,975'.
 */
export function endsWithCoins(amount: string): RegExp {
  const escaped = amount.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d,])${escaped}\\s*$`);
}

/** Matches an element's whole text, ignoring surrounding white space: exactly('2.5x'). */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** Only the digits and thousands separators of a text: '🪙 1,000' -> '1,000'. */
export function coinsIn(text: string | null): string {
  return (text ?? '').replace(/[^\d,]/g, '');
}

/** A real PNG written to a fresh temporary directory; `remove` deletes the directory. */
export async function writePng(width = 64, height = 48): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-e2e-png-'));
  const file = path.join(dir, 'avatar.png');
  await sharp({ create: { width, height, channels: 4, background: { r: 236, g: 72, b: 153, alpha: 1 } } })
    .png()
    .toFile(file);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Loads a page of the app as a fresh document and insists the server answered it with a
 * success, so a broken document response fails here with its status instead of a timeout.
 */
export async function openDocument(page: Page, pathname: string): Promise<void> {
  const response = await page.goto(pathname);
  if (!response?.ok()) {
    const body = (await response?.text().catch(() => '')) ?? '';
    throw new Error(`GET ${pathname} answered ${response?.status() ?? 'nothing'}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

export interface HorizontalFit {
  scrollWidth: number;
  innerWidth: number;
  /** Elements of `main` reaching past either side of the window and not clipped inside their own box. */
  overflowing: string[];
}

/**
 * Whether the page fits the window's width. The document's scroll width alone is not enough:
 * the app's root clips sideways overflow, so too-wide content is cut off rather than scrolled,
 * and only the elements' own boxes show it.
 */
export async function horizontalFit(page: Page): Promise<HorizontalFit> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflowing: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      const box = el.getBoundingClientRect();
      // Screen-reader-only boxes (1 x 1 px, like dnd-kit's live region at -1 px) show nothing.
      if (box.width <= 1 || box.height <= 1 || (box.left >= -0.5 && box.right <= width + 0.5)) continue;
      let clipped = false;
      for (let parent = el.parentElement; parent && parent.tagName !== 'MAIN'; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') clipped = true;
      }
      if (!clipped) {
        const label = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
        overflowing.push(`<${el.tagName.toLowerCase()}> ${label} [${Math.round(box.left)}..${Math.round(box.right)}]`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, overflowing };
  });
}

/**
 * Runs `action` and answers the browser dialog (alert or confirm) it opens: accepts it, or
 * dismisses it when `accept` is false. Resolves with the dialog's type and message once
 * answered; fails when no dialog opens within `timeout` ms.
 */
export async function answerDialog(
  page: Page,
  action: () => Promise<void>,
  { accept = true, timeout = 10_000 } = {},
): Promise<{ type: string; message: string }> {
  let onDialog!: (dialog: Dialog) => void;
  const answered = new Promise<{ type: string; message: string }>((resolve, reject) => {
    onDialog = (dialog: Dialog) => {
      page.off('dialog', onDialog);
      const seen = { type: dialog.type(), message: dialog.message() };
      (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(seen), reject);
    };
    page.on('dialog', onDialog);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no dialog opened within ${timeout} ms`)), timeout);
  });
  try {
    await action();
    return await Promise.race([answered, expired]);
  } finally {
    clearTimeout(timer);
    page.off('dialog', onDialog);
  }
}
