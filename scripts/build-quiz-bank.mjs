// Regenerates src/shared/games/quizDuel/bank/bank.json from the quiz data packages (devDependencies).
// Run after bumping one of them: `npm run quiz:bank`, then review the diff and commit it.
// The generator is TypeScript so the test can import the very same code; tsx (already a
// dependency) loads it, since plain Node 20 cannot import .ts files.

import { writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const { buildBank, serializeBank, BANK_FILE } = await tsImport(
  '../src/shared/games/quizDuel/bank/build.ts',
  import.meta.url,
);

const bank = buildBank();
const text = serializeBank(bank);
writeFileSync(BANK_FILE, text);

const counts = {};
for (const q of bank.questions) counts[q.template] = (counts[q.template] ?? 0) + 1;
console.log(
  `wrote ${bank.questions.length} questions (${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB) to src/shared/games/quizDuel/bank/bank.json`,
);
for (const [template, count] of Object.entries(counts)) console.log(`  ${template}: ${count}`);
