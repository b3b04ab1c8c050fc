import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rule of scripts/eslint/featureBoundaries.js, run by ESLint on this repository's
// config: a feature reaches another only through its public.ts.
const eslint = new ESLint();
const lint = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/public-only')
    .map((m) => m.message);
};

describe('feature boundaries (lint)', () => {
  it("refuses a server feature importing another feature's file", async () => {
    const messages = await lint(
      'src/server/features/tasks/service.ts',
      "import { ledger } from '../wallet/ledger';\nexport const x = ledger;\n",
    );
    expect(messages).toEqual([expect.stringContaining('reaches inside the feature wallet')]);
  });

  it('counts each hub game as a feature of its own', async () => {
    const messages = await lint(
      'src/server/features/games/mysteryBox/service.ts',
      "export { x } from '../virtualPet/shop/service';\n",
    );
    expect(messages).toEqual([expect.stringContaining('games/virtualPet')]);
  });

  it('holds on the client too, where the games area is a feature beside each game', async () => {
    expect(
      await lint(
        'src/client/features/dashboard/pages/DashboardPage.tsx',
        "export { x } from '../../store/queries';\n",
      ),
    ).toEqual([expect.stringContaining('feature store')]);
    expect(
      await lint(
        'src/client/features/games/rps/pages/RpsPage.tsx',
        "export { x } from '../../public';\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/client/features/games/rps/pages/RpsPage.tsx',
        "export { x } from '../../queries';\n",
      ),
    ).toEqual([expect.stringContaining('feature games')]);
  });

  it("allows the other feature's public.ts, the feature's own files, and tests", async () => {
    expect(
      await lint(
        'src/server/features/tasks/service.ts',
        "import { ledger } from '../wallet/public';\nexport const x = ledger;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/server/features/tasks/service.ts',
        "import { q } from './queries';\nexport const x = q;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/server/features/tasks/tasks.test.ts',
        "import { ledger } from '../wallet/ledger';\nexport const x = ledger;\n",
      ),
    ).toEqual([]);
  });
});
