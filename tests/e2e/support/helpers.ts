import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';

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
