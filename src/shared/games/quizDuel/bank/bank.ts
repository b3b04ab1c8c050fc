// The runtime's only door to the question bank. bank.json is generated at build time
// (npm run quiz:bank) and committed; the data packages it came from are devDependencies
// and must not be imported from here.

import bank from './bank.json' with { type: 'json' };
import { TEMPLATE_KEYS, type QuizBank, type TemplateKey } from './templates';

export { TEMPLATES, TEMPLATE_KEYS } from './templates';
export type { QuizBank, QuizQuestion, TemplateKey } from './templates';

// JSON imports are typed as plain strings and numbers; bank.test.ts checks every question
// against the data packages, so this is the one cast that the test makes safe.
export const QUIZ_BANK: QuizBank = bank as QuizBank;

/** Number of questions per template, every template present (0 if it has none). */
export function templateCounts(): Record<TemplateKey, number> {
  const counts = Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, 0])) as Record<
    TemplateKey,
    number
  >;
  for (const question of QUIZ_BANK.questions) counts[question.template] += 1;
  return counts;
}
