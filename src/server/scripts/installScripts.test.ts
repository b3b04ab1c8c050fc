import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on a current npm (11.x) warns about every package whose install script package.json's
 * `allowScripts` does not name (issue 18). A fresh install must print no warning, so every
 * package of the lock file that has an install script is approved by name: esbuild's postinstall
 * only checks that its platform binary (an optional dependency) is in place.
 */
const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('install scripts', () => {
  it('approves by name every package of the lock file that has an install script', () => {
    const lock = read('package-lock.json') as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const allowed = (read('package.json').allowScripts ?? {}) as Record<string, boolean>;
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => allowed[name] !== true)).toEqual([]);
  });
});
