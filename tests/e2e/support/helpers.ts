import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';

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
export async function writePng(
  width = 64,
  height = 48,
): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-e2e-png-'));
  const file = path.join(dir, 'avatar.png');
  await sharp({
    create: { width, height, channels: 4, background: { r: 236, g: 72, b: 153, alpha: 1 } },
  })
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
    throw new Error(
      `GET ${pathname} answered ${response?.status() ?? 'nothing'}${body ? `: ${body.slice(0, 200)}` : ''}`,
    );
  }
}

export interface HorizontalFit {
  scrollWidth: number;
  innerWidth: number;
  /** Elements reaching past either side of the window, other than decoration clipped inside a narrower box. */
  overflowing: string[];
  /** Buttons, links and fields cut off sideways by a clipping box, so part of them cannot be seen or tapped. */
  hiddenControls: string[];
  /** Texts cut short with an ellipsis, with no title holding the whole text. */
  truncated: string[];
}

/**
 * Whether the page fits the window's width. The document's scroll width alone is not enough:
 * the app's root clips sideways overflow, so too-wide content is cut off rather than scrolled,
 * and only the elements' own boxes show it. Clipping by a full-width box (the app's root) is
 * cutting at the screen edge, so it excuses nothing; a narrower clipping box (a card with
 * overflow hidden, a scrolling list) may hide decoration, but never part of a control.
 * `scope` limits the check to part of the page (the whole body by default).
 */
export async function horizontalFit(page: Page, scope = 'body'): Promise<HorizontalFit> {
  return page.evaluate((scopeSelector) => {
    const width = document.documentElement.clientWidth;
    const CONTROLS =
      'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const overflowing: string[] = [];
    const hiddenControls: string[] = [];
    const truncated: string[] = [];
    const label = (el: Element, box: DOMRect) => {
      const name =
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}> ${name} [${Math.round(box.left)}..${Math.round(box.right)}]`;
    };
    const fullWidth = (box: DOMRect) => box.left <= 0.5 && box.right >= width - 0.5;
    /** Ancestors narrower than the window that cut sideways overflow (hidden, clip, auto or scroll). */
    const clippingBoxes = (el: Element): DOMRect[] => {
      const boxes: DOMRect[] = [];
      for (
        let parent = el.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const box = parent.getBoundingClientRect();
        if (!fullWidth(box)) boxes.push(box);
      }
      return boxes;
    };
    const root = document.querySelector(scopeSelector) ?? document.body;
    for (const el of root.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      // Screen-reader-only boxes (1 x 1 px, like dnd-kit's live region at -1 px) show nothing.
      if (box.width <= 1 || box.height <= 1) continue;
      const control = el.matches(CONTROLS);
      const clips = clippingBoxes(el);
      if (box.left < -0.5 || box.right > width + 0.5) {
        const decoration = clips.length > 0 && !control && el.querySelector(CONTROLS) === null;
        if (!decoration) overflowing.push(label(el, box));
        continue;
      }
      if (
        control &&
        clips.some((clip) => box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
      ) {
        hiddenControls.push(label(el, box));
      }
      if (
        style.textOverflow === 'ellipsis' &&
        el.scrollWidth > el.clientWidth + 1 &&
        !el.closest('[title]')
      ) {
        truncated.push(label(el, box));
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      overflowing,
      hiddenControls,
      truncated,
    };
  }, scope);
}

/** The texts a field's aria-describedby points at (its error, hint...), or null when none. */
export async function describedText(field: Locator): Promise<string | null> {
  return field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const texts = ids
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean);
    return texts.length > 0 ? texts.join(' ') : null;
  });
}

/**
 * An element's text as read on screen, its emoji images (components/Emoji.tsx) read as their
 * alt text: '🪙 1,000' where innerText says ' 1,000'.
 */
export function textWithEmoji(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const img of copy.querySelectorAll('img.emoji'))
      img.replaceWith(img.getAttribute('alt') ?? '');
    // In the page, so innerText applies the same styles (hidden parts, line breaks) as the original.
    copy.style.cssText = 'position:fixed;left:-10000px;top:0';
    copy.style.width = `${(element as HTMLElement).offsetWidth}px`;
    element.parentElement!.appendChild(copy);
    const text = copy.innerText;
    copy.remove();
    return text;
  });
}

/**
 * Buttons inside `scope` (visible ones) smaller than `min` CSS px in either direction, as
 * 'name WxH': the touch targets a finger misses on a phone (issue 33 asked for 44 x 44).
 */
export async function smallTargets(scope: Locator, min = 44): Promise<string[]> {
  return scope.evaluate((root, least) => {
    const small: string[] = [];
    for (const el of root.querySelectorAll('button, [role="button"]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden')
        continue;
      if (box.width >= least - 0.5 && box.height >= least - 0.5) continue;
      const name =
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      small.push(`${name} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, min);
}
