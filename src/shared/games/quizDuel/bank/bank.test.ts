import { readFileSync } from 'node:fs';
import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';
import currencyCodes from 'currency-codes';
import elementData from 'periodic-table-data/periodicTableData.json' with { type: 'json' };
import emojiData from 'unicode-emoji-json/data-by-emoji.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import {
  QUIZ_BANK,
  TEMPLATES,
  TEMPLATE_KEYS,
  templateCounts,
  type QuizQuestion,
  type TemplateKey,
} from './bank';
import { BANK_FILE, SOURCE_PACKAGES, buildBank, serializeBank } from './build';
import {
  CAPITAL_FIXES,
  CONFUSABLE_EMOJI,
  EXCLUDED_CAPITALS,
  EXCLUDED_COUNTRIES,
  EXCLUDED_CURRENCIES,
  EXCLUDED_EMOJI,
  EXTRA_CURRENCIES,
  LOOKALIKE_FLAGS,
} from './overrides';

// The predicates below are recomputed from the data packages (plus the reviewed fixes in
// overrides.ts) without going through build.ts, so a generator bug cannot hide itself.

const REPO_ROOT = new URL('../../../../../', import.meta.url);

const PERMISSIVE_LICENSES = new Set([
  'MIT',
  'ISC',
  '0BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'CC0-1.0',
  'Unicode-3.0',
  'Unicode-DFS-2016',
]);

type CountryCode = keyof typeof countries;
const country = (code: string) => countries[code as CountryCode];
const codeOf = (q: QuizQuestion) => q.id.slice(q.template.length + 1);
const capitalOf = (code: string) => CAPITAL_FIXES[code]?.capital ?? country(code).capital;
const countriesNamed = (name: string) =>
  (Object.keys(countries) as CountryCode[]).filter((c) => countries[c].name === name);
const currencyName = (code: string) => currencyCodes.code(code)?.currency.trim();
const currencyNamesOf = (code: string) =>
  [...country(code).currency, ...(EXTRA_CURRENCIES[code]?.codes ?? [])].map(currencyName);
const elements = elementData.map((e) => ({ symbol: e.symbol, name: e.name }));
const emoji = emojiData as Record<
  string,
  { name: string; group: string; skin_tone_support: boolean }
>;
const emojiNames = new Set(Object.values(emoji).map((e) => e.name.toLowerCase()));
const allCapitals = new Set(Object.keys(countries).map(capitalOf));
const allCurrencyNames = new Set(currencyCodes.data.map((c) => c.currency.trim()));

interface Check {
  /** Whether `choice` is a right answer to `q`, from the source data alone. */
  right(q: QuizQuestion, choice: string): boolean;
  /** Whether `choice` is of the question's category at all (a capital, a country, ...). */
  inCategory(choice: string): boolean;
}

const CHECKS: Record<TemplateKey, Check> = {
  'capital-of': {
    right: (q, choice) => capitalOf(codeOf(q)) === choice,
    inCategory: (choice) => allCapitals.has(choice),
  },
  'country-of-capital': {
    right: (q, choice) => countriesNamed(choice).some((c) => capitalOf(c) === capitalOf(codeOf(q))),
    inCategory: (choice) => countriesNamed(choice).length > 0,
  },
  'flag-of': {
    right: (q, choice) =>
      countriesNamed(choice).some((c) => getEmojiFlag(c as TCountryCode) === q.subject),
    inCategory: (choice) => countriesNamed(choice).length > 0,
  },
  'currency-of': {
    right: (q, choice) => currencyNamesOf(codeOf(q)).includes(choice),
    inCategory: (choice) => allCurrencyNames.has(choice),
  },
  'element-name': {
    right: (q, choice) => elements.some((e) => e.name === choice && e.symbol === q.subject),
    inCategory: (choice) => elements.some((e) => e.name === choice),
  },
  'element-symbol': {
    right: (q, choice) => choice === codeOf(q),
    inCategory: (choice) => elements.some((e) => e.symbol === choice),
  },
  'emoji-name': {
    right: (q, choice) => emoji[q.subject ?? '']?.name.toLowerCase() === choice.toLowerCase(),
    inCategory: (choice) => emojiNames.has(choice.toLowerCase()),
  },
};

const byTemplate = (template: TemplateKey) =>
  QUIZ_BANK.questions.filter((q) => q.template === template);

describe('quiz bank', () => {
  it('has well-formed questions with unique ids', () => {
    const ids = new Set<string>();
    for (const q of QUIZ_BANK.questions) {
      expect(ids.has(q.id), q.id).toBe(false);
      ids.add(q.id);
      expect(TEMPLATE_KEYS).toContain(q.template);
      expect(q.id.startsWith(`${q.template}:`), q.id).toBe(true);
      expect(q.prompt.trim(), q.id).not.toBe('');
      expect(q.subject === null || q.subject.trim() !== '', q.id).toBe(true);
      expect(q.choices, q.id).toHaveLength(4);
      expect(new Set(q.choices).size, q.id).toBe(4);
      for (const choice of q.choices)
        expect(choice !== '' && choice.trim() === choice, `${q.id}: '${choice}'`).toBe(true);
      expect([0, 1, 2, 3], q.id).toContain(q.answer);
    }
  });

  describe.each(TEMPLATE_KEYS)('%s', (template) => {
    const check = CHECKS[template];

    it('has exactly one right choice, and it is the answer', () => {
      const questions = byTemplate(template);
      for (const q of questions) {
        q.choices.forEach((choice, i) => {
          expect(check.inCategory(choice), `${q.id}: '${choice}' is not of the category`).toBe(
            true,
          );
          expect(
            check.right(q, choice),
            `${q.id}: '${choice}' ${i === q.answer ? 'is the answer but wrong' : 'is a wrong choice but right'}`,
          ).toBe(i === q.answer);
        });
      }
    });

    it('has at least 20 questions', () => {
      expect(templateCounts()[template]).toBeGreaterThanOrEqual(20);
      expect(templateCounts()[template]).toBe(byTemplate(template).length);
    });
  });

  it('names the subject in the prompt or shows it', () => {
    for (const q of QUIZ_BANK.questions) {
      const code = codeOf(q);
      switch (q.template) {
        case 'capital-of':
        case 'currency-of':
          expect(q.prompt, q.id).toContain(country(code).name);
          expect(q.subject, q.id).toBe(getEmojiFlag(code as TCountryCode));
          break;
        case 'country-of-capital':
          expect(q.prompt, q.id).toContain(capitalOf(code));
          expect(q.subject, q.id).toBeNull();
          break;
        case 'flag-of':
          expect(q.subject, q.id).toBe(getEmojiFlag(code as TCountryCode));
          break;
        case 'element-name':
          expect(q.subject, q.id).toBe(code);
          break;
        case 'element-symbol':
          expect(q.prompt, q.id).toContain(elements.find((e) => e.symbol === code)?.name);
          expect(q.subject, q.id).toBeNull();
          break;
        case 'emoji-name':
          expect(q.subject !== null && q.subject in emoji, q.id).toBe(true);
          break;
      }
    }
  });

  it('keeps the excluded subjects out', () => {
    for (const q of QUIZ_BANK.questions) {
      const code = codeOf(q);
      if (['capital-of', 'country-of-capital', 'flag-of', 'currency-of'].includes(q.template)) {
        expect(EXCLUDED_COUNTRIES[code], q.id).toBeUndefined();
      }
      if (q.template === 'capital-of' || q.template === 'country-of-capital') {
        expect(EXCLUDED_CAPITALS[code], q.id).toBeUndefined();
      }
      if (q.template === 'currency-of') {
        const excluded = new Set(Object.keys(EXCLUDED_CURRENCIES).map(currencyName));
        for (const choice of q.choices)
          expect(excluded.has(choice), `${q.id}: ${choice}`).toBe(false);
      }
      if (q.template === 'emoji-name') {
        const entry = emoji[q.subject ?? ''];
        expect(['Animals & Nature', 'Food & Drink'], q.id).toContain(entry?.group);
        expect(entry?.skin_tone_support, q.id).toBe(false);
        for (const choice of q.choices) {
          expect(choice.toLowerCase() in EXCLUDED_EMOJI, `${q.id}: ${choice}`).toBe(false);
          expect(/:|keycap/i.test(choice), `${q.id}: ${choice}`).toBe(false);
        }
      }
    }
  });

  it('never offers a look-alike flag as a wrong choice', () => {
    for (const q of byTemplate('flag-of')) {
      const group = LOOKALIKE_FLAGS.find(({ codes }) => codes.includes(codeOf(q)));
      if (!group) continue;
      const others = group.codes.filter((c) => c !== codeOf(q)).map((c) => country(c).name);
      for (const choice of q.choices) expect(others, q.id).not.toContain(choice);
    }
  });

  it('is what the generator builds (run `npm run quiz:bank` after changing it or the data)', () => {
    const committed = readFileSync(BANK_FILE, 'utf8');
    const built = serializeBank(buildBank());
    expect(JSON.parse(committed)).toEqual(JSON.parse(built));
    expect(committed).toBe(built);
  });

  it('stays small enough to ship', () => {
    expect(readFileSync(BANK_FILE).byteLength).toBeLessThan(1024 * 1024);
  });

  it('comes only from permissively licensed packages pinned to the versions it names', () => {
    const rootManifest = JSON.parse(readFileSync(new URL('package.json', REPO_ROOT), 'utf8')) as {
      devDependencies: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(QUIZ_BANK.sources.map((s) => s.package)).toEqual([...SOURCE_PACKAGES]);
    for (const source of QUIZ_BANK.sources) {
      const manifest = JSON.parse(
        readFileSync(new URL(`node_modules/${source.package}/package.json`, REPO_ROOT), 'utf8'),
      ) as { version: string; license: string };
      expect(PERMISSIVE_LICENSES, source.package).toContain(manifest.license);
      expect(source.license, source.package).toBe(manifest.license);
      expect(source.version, source.package).toBe(manifest.version);
      // Exact pins: a caret range would let `npm install` move the data under the committed bank.
      expect(rootManifest.devDependencies[source.package], source.package).toBe(manifest.version);
      // Build-time data only: the runtime reads bank.json.
      expect(rootManifest.dependencies[source.package], source.package).toBeUndefined();
    }
  });

  it('has overrides that all still match something in the data (a stale entry hides a data change)', () => {
    const codes = [
      ...Object.keys(EXCLUDED_COUNTRIES),
      ...Object.keys(EXCLUDED_CAPITALS),
      ...Object.keys(CAPITAL_FIXES),
      ...Object.keys(EXTRA_CURRENCIES),
      ...LOOKALIKE_FLAGS.flatMap((g) => g.codes),
    ];
    for (const code of codes) expect(country(code), code).toBeDefined();
    for (const [code, fix] of Object.entries(CAPITAL_FIXES))
      expect(country(code).capital, code).not.toBe(fix.capital);
    const currencies = [
      ...Object.keys(EXCLUDED_CURRENCIES),
      ...Object.values(EXTRA_CURRENCIES).flatMap((e) => e.codes),
    ];
    for (const code of currencies) expect(currencyName(code), code).toBeDefined();
    const names = [...Object.keys(EXCLUDED_EMOJI), ...CONFUSABLE_EMOJI.flatMap((g) => g.names)];
    for (const name of names) expect(emojiNames.has(name), name).toBe(true);
  });

  it('labels every template', () => {
    expect(Object.keys(TEMPLATES)).toEqual(TEMPLATE_KEYS);
    for (const key of TEMPLATE_KEYS) expect(TEMPLATES[key].trim()).not.toBe('');
  });
});
