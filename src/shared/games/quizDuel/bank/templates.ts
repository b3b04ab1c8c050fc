// Kept apart from bank.ts so the generator can name the templates without importing the
// bank it is about to (re)write.

/** Template key -> label shown to players (e.g. as a category filter). Order is the bank's order. */
export const TEMPLATES = {
  'capital-of': 'Capitals',
  'country-of-capital': 'Whose capital?',
  'flag-of': 'Flags',
  'currency-of': 'Currencies',
  'element-name': 'Element names',
  'element-symbol': 'Element symbols',
  'emoji-name': 'Emoji',
} as const;

export type TemplateKey = keyof typeof TEMPLATES;

export const TEMPLATE_KEYS = Object.keys(TEMPLATES) as TemplateKey[];

export interface QuizQuestion {
  /** `${template}:${subject key}`, stable across rebuilds as long as the subject stays in the data. */
  id: string;
  template: TemplateKey;
  prompt: string;
  /** A big symbol to show with the prompt (flag, emoji, element symbol), or null when it would give the answer away. */
  subject: string | null;
  /** Exactly four distinct strings. */
  choices: [string, string, string, string];
  /** Index of the one right choice. */
  answer: 0 | 1 | 2 | 3;
}

export interface QuizSource {
  package: string;
  version: string;
  license: string;
}

export interface QuizBank {
  version: 1;
  sources: QuizSource[];
  questions: QuizQuestion[];
}
