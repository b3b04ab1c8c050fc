// Generates the Quiz Duel question bank from the data packages. Build-time only: the
// script scripts/build-quiz-bank.mjs writes its output to bank.json, and the runtime reads
// that file alone, so nothing here (nor the data packages, which are devDependencies) may
// be imported by server or client code.

import { readFileSync } from 'node:fs';
import { countries as countryData, getEmojiFlag, type TCountryCode } from 'countries-list';
import currencyCodes from 'currency-codes';
import elementData from 'periodic-table-data/periodicTableData.json' with { type: 'json' };
import emojiData from 'unicode-emoji-json/data-by-emoji.json' with { type: 'json' };
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
import {
  TEMPLATE_KEYS,
  type QuizBank,
  type QuizQuestion,
  type QuizSource,
  type TemplateKey,
} from './templates';

export const SOURCE_PACKAGES = [
  'countries-list',
  'currency-codes',
  'periodic-table-data',
  'unicode-emoji-json',
] as const;

export const BANK_FILE = new URL('./bank.json', import.meta.url);

const REPO_ROOT = new URL('../../../../../', import.meta.url);

/** Changing it reshuffles every question; there is no reason to, other than a new bank. */
const BANK_SEED = 'quiz-duel/1';

// Emoji 12.0 (2019) renders on every platform still in wide use, Windows 10 included;
// newer emoji show as tofu or as two glyphs there, which would make the question unfair.
const MAX_EMOJI_VERSION = 12;
const EMOJI_GROUPS: ReadonlySet<string> = new Set(['Animals & Nature', 'Food & Drink']);
const MAX_EMOJI_NAME_LENGTH = 20;
const MAX_EMOJI_NAME_WORDS = 3;

// --- determinism ---------------------------------------------------------------------

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny and good enough for picking wrong choices; this is no security boundary. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// --- questions -----------------------------------------------------------------------

/** A wrong choice; `near` ones (same continent, same letter, same emoji group) are preferred as harder. */
interface Wrong {
  label: string;
  near: boolean;
}

interface Draft {
  key: string;
  prompt: string;
  subject: string | null;
  answer: string;
  /** Already filtered: none of them satisfies the question's predicate. */
  wrong: readonly Wrong[];
}

function makeQuestion(template: TemplateKey, draft: Draft): QuizQuestion | null {
  const id = `${template}:${draft.key}`;
  // Seeded per question rather than once per bank, so adding or dropping one subject
  // leaves every other question as it was and a rebuild's diff shows only what changed.
  const random = mulberry32(fnv1a(`${BANK_SEED}\u0000${id}`));
  const unique = (items: readonly Wrong[]) =>
    [...new Set(items.map((w) => w.label))].filter((l) => l !== draft.answer);
  const near = shuffle(unique(draft.wrong.filter((w) => w.near)), random);
  const far = shuffle(unique(draft.wrong.filter((w) => !w.near)), random);
  const picked = [...new Set([...near, ...far])].slice(0, 3);
  if (picked.length < 3) return null;
  const answer = Math.floor(random() * 4) as 0 | 1 | 2 | 3;
  const choices = [...picked];
  choices.splice(answer, 0, draft.answer);
  return {
    id,
    template,
    prompt: draft.prompt,
    subject: draft.subject,
    choices: choices as QuizQuestion['choices'],
    answer,
  };
}

// --- countries -----------------------------------------------------------------------

interface Country {
  code: string;
  name: string;
  flag: string;
  continent: string;
  /** Null when the country gets no capital question (the rules are at the end of loadCountries). */
  capital: string | null;
  /** The data's capital after fixes, for keeping wrong choices honest even when `capital` is null. */
  anyCapital: string;
  /** Every currency code the country uses: the predicate for wrong choices. */
  currencies: readonly string[];
  /** The currency asked for, or null when none is usable. */
  currency: string | null;
}

const FLAG = /^\p{Regional_Indicator}{2}$/u;

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** ISO 4217 code -> currency name, trimmed (the data has stray spaces, e.g. 'Comorian Franc '). */
const CURRENCY_NAMES: ReadonlyMap<string, string> = new Map(
  currencyCodes.data.map((c) => [c.code, c.currency.trim()]),
);

function loadCountries(): Country[] {
  const entries = Object.entries(countryData)
    .filter(([code]) => !(code in EXCLUDED_COUNTRIES))
    .sort(([a], [b]) => byKey(a, b));

  const nameCount = new Map<string, number>();
  for (const [, c] of entries)
    nameCount.set(c.name.trim(), (nameCount.get(c.name.trim()) ?? 0) + 1);

  const countries: Country[] = [];
  for (const [code, data] of entries) {
    const name = data.name.trim();
    const flag = getEmojiFlag(code as TCountryCode);
    // Two countries with one name would make every question naming them ambiguous.
    if (!name || nameCount.get(name) !== 1 || !FLAG.test(flag)) continue;
    const anyCapital = (CAPITAL_FIXES[code]?.capital ?? data.capital).trim();
    const currencies = [...data.currency, ...(EXTRA_CURRENCIES[code]?.codes ?? [])];
    const currency =
      data.currency.find((cc) => !(cc in EXCLUDED_CURRENCIES) && CURRENCY_NAMES.has(cc)) ?? null;
    countries.push({
      code,
      name,
      flag,
      continent: data.continent,
      capital: anyCapital,
      anyCapital,
      currencies,
      currency,
    });
  }

  const capitalCount = new Map<string, number>();
  for (const c of countries)
    capitalCount.set(c.anyCapital, (capitalCount.get(c.anyCapital) ?? 0) + 1);
  for (const c of countries) {
    const eligible =
      c.anyCapital !== '' &&
      // One string naming several capitals ("A, B" / "A; B") has no single right answer.
      !/[,;]/.test(c.anyCapital) &&
      !(c.code in EXCLUDED_CAPITALS) &&
      capitalCount.get(c.anyCapital) === 1 &&
      // "Which country's capital is Kuwait City?" answers itself, and so does Tunis -> Tunisia.
      !fold(c.anyCapital).includes(fold(c.name)) &&
      !fold(c.name).includes(fold(c.anyCapital));
    if (!eligible) c.capital = null;
  }
  return countries;
}

const lookalikeGroup = new Map<string, number>();
LOOKALIKE_FLAGS.forEach(({ codes }, i) => codes.forEach((code) => lookalikeGroup.set(code, i)));
const lookalike = (a: string, b: string): boolean =>
  lookalikeGroup.has(a) && lookalikeGroup.get(a) === lookalikeGroup.get(b);

// Names that read as plural or as a description take 'the' inside a sentence.
const WITH_THE =
  /^(United |Republic |Democratic |Central African |Dominican )|(Islands|Bahamas|Gambia|Netherlands|Philippines|Maldives|Comoros)$/;

/** The country name as it reads inside a sentence: 'the Netherlands', but 'France'. */
const inSentence = (name: string): string => (WITH_THE.test(name) ? `the ${name}` : name);

function countryDrafts(
  countries: readonly Country[],
): Record<'capital-of' | 'country-of-capital' | 'flag-of' | 'currency-of', Draft[]> {
  const withCapital = countries.filter((c) => c.capital !== null);

  const currencyPool = new Map<string, Set<string>>(); // currency code -> continents using it
  for (const c of countries) {
    for (const code of c.currencies) {
      if (code in EXCLUDED_CURRENCIES || !CURRENCY_NAMES.has(code)) continue;
      const continents = currencyPool.get(code) ?? new Set<string>();
      continents.add(c.continent);
      currencyPool.set(code, continents);
    }
  }
  const currencyCodesSorted = [...currencyPool.keys()].sort(byKey);

  return {
    'capital-of': withCapital.map((c) => ({
      key: c.code,
      prompt: `What is the capital of ${inSentence(c.name)}?`,
      subject: c.flag,
      answer: c.capital as string,
      wrong: withCapital
        .filter((o) => o.capital !== c.capital)
        .map((o) => ({ label: o.capital as string, near: o.continent === c.continent })),
    })),
    'country-of-capital': withCapital.map((c) => ({
      key: c.code,
      prompt: `Which country's capital is ${c.capital}?`,
      // The flag would name the answer.
      subject: null,
      answer: c.name,
      wrong: countries
        .filter((o) => o.anyCapital !== c.capital)
        .map((o) => ({ label: o.name, near: o.continent === c.continent })),
    })),
    'flag-of': countries.map((c) => ({
      key: c.code,
      prompt: 'Which country does this flag belong to?',
      subject: c.flag,
      answer: c.name,
      wrong: countries
        .filter((o) => o.name !== c.name && !lookalike(c.code, o.code))
        .map((o) => ({ label: o.name, near: o.continent === c.continent })),
    })),
    'currency-of': countries
      .filter((c) => c.currency !== null)
      .map((c) => {
        const own = new Set(c.currencies);
        const ownNames = new Set(c.currencies.flatMap((code) => CURRENCY_NAMES.get(code) ?? []));
        return {
          key: c.code,
          // "official": Cambodia's riel is the answer even though US dollars circulate there.
          prompt: `What is the official currency of ${inSentence(c.name)}?`,
          subject: c.flag,
          answer: CURRENCY_NAMES.get(c.currency as string) as string,
          wrong: currencyCodesSorted
            .filter((code) => !own.has(code) && !ownNames.has(CURRENCY_NAMES.get(code) as string))
            .map((code) => ({
              label: CURRENCY_NAMES.get(code) as string,
              near: currencyPool.get(code)?.has(c.continent) ?? false,
            })),
        };
      }),
  };
}

// --- elements ------------------------------------------------------------------------

interface Element {
  number: number;
  symbol: string;
  name: string;
}

function loadElements(): Element[] {
  const elements = elementData
    .map((e) => ({ number: e.atomicNumber, symbol: e.symbol.trim(), name: e.name.trim() }))
    .filter((e) => e.symbol !== '' && e.name !== '')
    .sort((a, b) => a.number - b.number);
  const symbols = new Set(elements.map((e) => e.symbol));
  const names = new Set(elements.map((e) => e.name));
  if (symbols.size !== elements.length || names.size !== elements.length) {
    throw new Error(
      'periodic-table-data: duplicate element symbols or names; the element templates assume none',
    );
  }
  return elements;
}

function elementDrafts(
  elements: readonly Element[],
): Record<'element-name' | 'element-symbol', Draft[]> {
  // Same initial letter makes the wrong choices plausible: Na -> Nitrogen, Neon, Nickel.
  const near = (a: Element, b: Element) => a.symbol[0] === b.symbol[0] || a.name[0] === b.name[0];
  return {
    'element-name': elements.map((e) => ({
      key: e.symbol,
      prompt: `Which chemical element has the symbol ${e.symbol}?`,
      subject: e.symbol,
      answer: e.name,
      wrong: elements
        .filter((o) => o.symbol !== e.symbol)
        .map((o) => ({ label: o.name, near: near(e, o) })),
    })),
    'element-symbol': elements.map((e) => ({
      key: e.symbol,
      prompt: `What is the chemical symbol of ${e.name}?`,
      subject: null,
      answer: e.symbol,
      wrong: elements
        .filter((o) => o.symbol !== e.symbol)
        .map((o) => ({ label: o.symbol, near: near(e, o) })),
    })),
  };
}

// --- emoji ---------------------------------------------------------------------------

interface EmojiEntry {
  name: string;
  slug: string;
  group: string;
  emoji_version: string;
  skin_tone_support: boolean;
}

interface Emoji {
  emoji: string;
  name: string;
  slug: string;
  group: string;
}

/** How a CLDR emoji name is shown as a choice: 'flamingo' -> 'Flamingo'. */
const emojiLabel = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

const STOPWORDS = new Set(['of', 'with', 'and', 'in', 'the', 'a']);
// Crude singular so that 'clinking glasses' and 'wine glass' count as sharing a word.
const singular = (word: string): string =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('sses')
      ? word.slice(0, -2)
      : /[^s]s$/.test(word)
        ? word.slice(0, -1)
        : word;
const nameWords = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((w) => w !== '' && !STOPWORDS.has(w))
    .map(singular);

function isCuratedEmoji(emoji: string, entry: EmojiEntry): boolean {
  const name = entry.name;
  return (
    EMOJI_GROUPS.has(entry.group) &&
    !entry.skin_tone_support &&
    Number.parseFloat(entry.emoji_version) <= MAX_EMOJI_VERSION &&
    // ZWJ sequences (service dog) fall apart into two glyphs where unsupported.
    !emoji.includes('\u200d') &&
    name.length <= MAX_EMOJI_NAME_LENGTH &&
    nameWords(name).length <= MAX_EMOJI_NAME_WORDS &&
    !name.includes(':') &&
    !/keycap|flag/i.test(name) &&
    !(name in EXCLUDED_EMOJI)
  );
}

function loadEmoji(): Emoji[] {
  const all = Object.entries(emojiData as Record<string, EmojiEntry>)
    .filter(([emoji, entry]) => isCuratedEmoji(emoji, entry))
    .map(([emoji, entry]) => ({ emoji, name: entry.name, slug: entry.slug, group: entry.group }));
  const count = new Map<string, number>();
  for (const e of all) count.set(e.name, (count.get(e.name) ?? 0) + 1);
  return all.filter((e) => count.get(e.name) === 1).sort((a, b) => byKey(a.slug, b.slug));
}

const confusableGroup = new Map<string, number>();
CONFUSABLE_EMOJI.forEach(({ names }, i) => names.forEach((n) => confusableGroup.set(n, i)));

/** Whether `b` must not be a wrong choice for `a`: a shared word ('dog' / 'dog face') or one confusable group. */
function tooClose(a: string, b: string): boolean {
  const group = confusableGroup.get(a);
  if (group !== undefined && confusableGroup.get(b) === group) return true;
  const words = new Set(nameWords(a));
  return nameWords(b).some((w) => words.has(w));
}

function emojiDrafts(emoji: readonly Emoji[]): Draft[] {
  return emoji.map((e) => ({
    key: e.slug,
    prompt: 'What is this emoji called?',
    subject: e.emoji,
    answer: emojiLabel(e.name),
    wrong: emoji
      .filter((o) => o.name !== e.name && !tooClose(e.name, o.name))
      .map((o) => ({ label: emojiLabel(o.name), near: o.group === e.group })),
  }));
}

// --- bank ----------------------------------------------------------------------------

function readSources(): QuizSource[] {
  return SOURCE_PACKAGES.map((pkg) => {
    const manifest = JSON.parse(
      readFileSync(new URL(`node_modules/${pkg}/package.json`, REPO_ROOT), 'utf8'),
    ) as {
      version: string;
      license: string;
    };
    return { package: pkg, version: manifest.version, license: manifest.license };
  });
}

export function buildBank(): QuizBank {
  const drafts: Record<TemplateKey, Draft[]> = {
    ...countryDrafts(loadCountries()),
    ...elementDrafts(loadElements()),
    'emoji-name': emojiDrafts(loadEmoji()),
  };
  const questions = TEMPLATE_KEYS.flatMap((template) =>
    drafts[template].flatMap((draft) => makeQuestion(template, draft) ?? []),
  );
  return { version: 1, sources: readSources(), questions };
}

/** One question per line: small diffs on rebuild, and still plain JSON. */
export function serializeBank(bank: QuizBank): string {
  const lines = (items: readonly unknown[]) =>
    items.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
  return `{\n  "version": ${bank.version},\n  "sources": [\n${lines(bank.sources)}\n  ],\n  "questions": [\n${lines(bank.questions)}\n  ]\n}\n`;
}
