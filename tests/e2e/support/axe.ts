import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and returns the serious and critical findings.
 * axe is injected from node_modules, so the app never ships it; the page's context must be
 * opened with bypassCSP, since the app's Content-Security-Policy refuses injected scripts.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    interface AxeResult {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    }
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<AxeResult> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
  });
}
