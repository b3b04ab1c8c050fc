import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeFindings, type AxeFinding } from './axe';
import { horizontalFit, type HorizontalFit } from './helpers';

type PhoneProblems = Partial<Omit<HorizontalFit, 'innerWidth'>> & { axe?: AxeFinding[] };

/** Takes the mouse off the controls and lets colour transitions end, so axe judges colours at rest. */
async function pointerAway(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export interface PhoneCheckOptions {
  /** Run axe too (serious and critical findings). */
  axe?: boolean;
  /** Move the pointer away and let transitions end first (see pointerAway). */
  atRest?: boolean;
}

/**
 * Checks pages at a phone's width and collects what is wrong by name (sideways scroll, overflow,
 * controls hidden or cut off, serious or critical axe findings), so one failing run shows every
 * screen's problems at once: the test ends with `expect(report).toEqual({})`. With
 * E2E_SCREENSHOT_DIR set, each checked screen is saved as `{prefix}-{name}.png` there.
 */
export function phoneReport(width: number, prefix: string) {
  const report: Record<string, PhoneProblems> = {};
  const check = async (
    page: Page,
    name: string,
    { axe = true, atRest = true }: PhoneCheckOptions = {},
  ) => {
    if (atRest) await pointerAway(page);
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir)
      await page.screenshot({
        path: `${dir}/${prefix}-${name.replace(/\W+/g, '-')}.png`,
        fullPage: true,
      });
    const fit = await horizontalFit(page);
    expect(fit.innerWidth).toBe(width);
    const problems: PhoneProblems = {};
    if (fit.scrollWidth > fit.innerWidth) problems.scrollWidth = fit.scrollWidth;
    if (fit.overflowing.length > 0) problems.overflowing = fit.overflowing;
    if (fit.hiddenControls.length > 0) problems.hiddenControls = fit.hiddenControls;
    if (fit.truncated.length > 0) problems.truncated = fit.truncated;
    if (axe) {
      const findings = await seriousAxeFindings(page);
      if (findings.length > 0) problems.axe = findings;
    }
    if (Object.keys(problems).length > 0) report[name] = problems;
  };
  return { report, check };
}
