import { createRng, deriveSeed } from './rng';
import { type CheckResult, fail, isRecord, OK, type Puzzle, puzzleId } from './types';

// People plus two categories: the page shows both mapping tables (spec section 4).
export const LOGIC_CATEGORIES = 3;
export const LOGIC_ITEMS = 4;

export interface LogicCategory {
  name: string;
  items: string[];
}
/** An item by position: `categories[category].items[item]`. */
export interface LogicItemRef {
  category: number;
  item: number;
}
/**
 * same: a and b belong to one person; different: they do not; either: a goes with b or
 * with c (b and c share a category, so exactly one holds). `text` is the English clue.
 */
export type LogicClue =
  | { kind: 'same' | 'different'; a: LogicItemRef; b: LogicItemRef; text: string }
  | { kind: 'either'; a: LogicItemRef; b: LogicItemRef; c: LogicItemRef; text: string };

/** The first category is the primary one (people); items are sorted, so their order says nothing. */
export interface LogicGridQuestion {
  categories: LogicCategory[];
  clues: LogicClue[];
}
/** Category name -> primary item -> that category's item, for every category but the first. */
export type LogicSolution = Record<string, Record<string, string>>;
export type LogicGridPuzzle = Puzzle<'logic-grid', LogicGridQuestion, LogicSolution>;
/** The answer has the shape of the secret. */
export type LogicGridAnswer = LogicSolution;

interface CategoryDef {
  name: string;
  pool: readonly string[];
  /** `{}` stands for the item. */
  subject: string;
  verb: string;
  verbBase: string;
  object: string;
}

const PEOPLE: CategoryDef = {
  name: 'person',
  pool: [
    'Alice',
    'Bruno',
    'Chloe',
    'Dmitri',
    'Esme',
    'Farid',
    'Greta',
    'Hugo',
    'Ines',
    'Jonas',
    'Kira',
    'Leo',
  ],
  subject: '{}',
  verb: 'is',
  verbBase: 'be',
  object: '{}',
};

const OTHERS: readonly CategoryDef[] = [
  {
    name: 'pet',
    pool: ['cat', 'dog', 'parrot', 'hamster', 'rabbit', 'tortoise', 'goldfish', 'ferret'],
    subject: 'the owner of the {}',
    verb: 'owns',
    verbBase: 'own',
    object: 'the {}',
  },
  {
    name: 'colour',
    pool: ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'white', 'black'],
    subject: 'the person wearing {}',
    verb: 'wears',
    verbBase: 'wear',
    object: '{}',
  },
  {
    name: 'drink',
    pool: ['tea', 'coffee', 'milk', 'juice', 'cocoa', 'lemonade', 'water', 'soda'],
    subject: 'the {} drinker',
    verb: 'drinks',
    verbBase: 'drink',
    object: '{}',
  },
  {
    name: 'snack',
    pool: ['popcorn', 'pretzels', 'cookies', 'grapes', 'nachos', 'toast', 'muffins', 'cherries'],
    subject: 'the person who eats {}',
    verb: 'eats',
    verbBase: 'eat',
    object: '{}',
  },
  {
    name: 'sport',
    pool: ['chess', 'tennis', 'golf', 'darts', 'hockey', 'rugby', 'cricket', 'squash'],
    subject: 'the {} player',
    verb: 'plays',
    verbBase: 'play',
    object: '{}',
  },
  {
    name: 'city',
    pool: ['Paris', 'Oslo', 'Lima', 'Cairo', 'Tokyo', 'Rome', 'Quito', 'Delhi'],
    subject: 'the person who lives in {}',
    verb: 'lives in',
    verbBase: 'live in',
    object: '{}',
  },
];

const maxCategory = (clue: LogicClue): number =>
  Math.max(clue.a.category, clue.b.category, clue.kind === 'either' ? clue.c.category : 0);

const permutationCache = new Map<number, Int8Array[]>();
function permutations(n: number): Int8Array[] {
  let perms = permutationCache.get(n);
  if (!perms) {
    let lists: number[][] = [[]];
    for (let k = 0; k < n; k++)
      lists = lists.flatMap((p) =>
        Array.from({ length: k + 1 }, (_, i) => [...p.slice(0, i), k, ...p.slice(i)]),
      );
    perms = lists.map((p) => Int8Array.from(p));
    permutationCache.set(n, perms);
  }
  return perms;
}

/**
 * Solutions of the clues, counted up to `limit`. A solution is, per category, which person
 * holds each item; categories are fixed one at a time and a clue is tested as soon as every
 * category it names is fixed, which prunes most branches. Generation calls this a few dozen
 * times per puzzle, hence the flat arrays instead of objects.
 */
export function countLogicSolutions(
  categories: number,
  items: number,
  clues: readonly LogicClue[],
  limit = 2,
): number {
  const perms = permutations(items);
  // Per depth, clues as (kind, a, b, c) with each item as its offset into `owner`.
  const kinds = { same: 0, different: 1, either: 2 } as const;
  const byDepth: number[][] = Array.from({ length: categories }, () => []);
  const at = (ref: LogicItemRef) => ref.category * items + ref.item;
  for (const clue of clues) {
    const depth = maxCategory(clue);
    if (depth === 0 || depth >= categories)
      throw new RangeError('a clue must name two categories of the puzzle');
    byDepth[depth]?.push(
      kinds[clue.kind],
      at(clue.a),
      at(clue.b),
      clue.kind === 'either' ? at(clue.c) : 0,
    );
  }
  const owner = new Int8Array(categories * items);
  for (let i = 0; i < items; i++) owner[i] = i;
  let count = 0;
  const search = (c: number): void => {
    if (c === categories) {
      count++;
      return;
    }
    const checks = byDepth[c] as number[];
    for (const perm of perms) {
      owner.set(perm, c * items);
      let holds = true;
      for (let k = 0; holds && k < checks.length; k += 4) {
        const a = owner[checks[k + 1] as number];
        const b = owner[checks[k + 2] as number];
        switch (checks[k]) {
          case 0:
            holds = a === b;
            break;
          case 1:
            holds = a !== b;
            break;
          default:
            holds = a === b || a === owner[checks[k + 3] as number];
        }
      }
      if (holds) search(c + 1);
      if (count >= limit) return;
    }
  };
  search(1);
  return count;
}

const fill = (template: string, item: string): string => template.replace('{}', item);
const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function clueText(
  defs: readonly CategoryDef[],
  categories: readonly LogicCategory[],
  clue: LogicClue,
): string {
  const name = (ref: LogicItemRef) => categories[ref.category]?.items[ref.item] ?? '?';
  const def = (ref: LogicItemRef) => defs[ref.category] as CategoryDef;
  const subject = fill(def(clue.a).subject, name(clue.a));
  const b = def(clue.b);
  const object = (ref: LogicItemRef) => fill(def(ref).object, name(ref));
  switch (clue.kind) {
    case 'same':
      return capitalise(`${subject} ${b.verb} ${object(clue.b)}.`);
    case 'different':
      return capitalise(
        b.verb === 'is'
          ? `${subject} is not ${object(clue.b)}.`
          : `${subject} does not ${b.verbBase} ${object(clue.b)}.`,
      );
    case 'either':
      return capitalise(`${subject} ${b.verb} either ${object(clue.b)} or ${object(clue.c)}.`);
  }
}

// Removal is tried in this order, so the clues left are mostly the indirect kinds.
const REMOVAL_RANK: Record<LogicClue['kind'], number> = { same: 0, either: 1, different: 2 };

export function generateLogicGrid(
  seed: string,
  date: string,
  { categories: k = LOGIC_CATEGORIES, items: n = LOGIC_ITEMS } = {},
): LogicGridPuzzle {
  if (k < 2 || k > OTHERS.length + 1 || n < 2 || n > 8)
    throw new RangeError('unsupported logic-grid size');
  const rng = createRng(deriveSeed(seed, 'logic-grid'));
  const defs = [PEOPLE, ...rng.shuffle([...OTHERS]).slice(0, k - 1)];
  const categories: LogicCategory[] = defs.map((def) => ({
    name: def.name,
    items: rng
      .shuffle([...def.pool])
      .slice(0, n)
      .sort(),
  }));
  const identity = Array.from({ length: n }, (_, i) => i);
  const owners: number[][] = defs.map((_, c) => (c === 0 ? identity : rng.shuffle([...identity])));
  const ownerOf = (ref: LogicItemRef) => owners[ref.category]?.[ref.item];

  const pool: LogicClue[] = [];
  for (let c1 = 0; c1 < k; c1++)
    for (let c2 = c1 + 1; c2 < k; c2++)
      for (let i1 = 0; i1 < n; i1++)
        for (let i2 = 0; i2 < n; i2++) {
          const a = { category: c1, item: i1 };
          const b = { category: c2, item: i2 };
          pool.push({ kind: ownerOf(a) === ownerOf(b) ? 'same' : 'different', a, b, text: '' });
        }
  for (let c1 = 0; c1 < k; c1++)
    for (let c2 = 0; c2 < k; c2++)
      for (let i1 = 0; c1 !== c2 && i1 < n; i1++) {
        const a = { category: c1, item: i1 };
        const truth = identity.find(
          (i) => ownerOf({ category: c2, item: i }) === ownerOf(a),
        ) as number;
        const decoy = rng.pick(identity.filter((i) => i !== truth));
        const [b, c] = rng.shuffle([truth, decoy]).map((item) => ({ category: c2, item })) as [
          LogicItemRef,
          LogicItemRef,
        ];
        pool.push({ kind: 'either', a, b, c, text: '' });
      }
  rng.shuffle(pool);

  // Grow until one solution is left (all the pool's 'same' clues pin it down, so this ends),
  // then drop every clue the others make redundant, so each clue left is needed.
  let clues: LogicClue[] = [];
  for (const clue of pool) {
    clues.push(clue);
    if (countLogicSolutions(k, n, clues) === 1) break;
  }
  const removalOrder = [...clues].sort((x, y) => REMOVAL_RANK[x.kind] - REMOVAL_RANK[y.kind]);
  for (const clue of removalOrder) {
    const without = clues.filter((c) => c !== clue);
    if (countLogicSolutions(k, n, without) === 1) clues = without;
  }
  for (const clue of clues) clue.text = clueText(defs, categories, clue);

  const people = categories[0] as LogicCategory;
  const secret: LogicSolution = {};
  categories.forEach((category, c) => {
    if (c === 0) return;
    const map: Record<string, string> = {};
    category.items.forEach((item, i) => {
      map[people.items[owners[c]?.[i] as number] as string] = item;
    });
    secret[category.name] = map;
  });
  return {
    id: puzzleId(date, 'logic-grid'),
    type: 'logic-grid',
    question: { categories, clues },
    secret,
  };
}

export function checkLogicGrid(puzzle: LogicGridPuzzle, answer: unknown): CheckResult {
  if (!isRecord(answer)) return fail('The answer needs one table per category');
  for (const [category, expected] of Object.entries(puzzle.secret)) {
    const given = answer[category];
    if (!isRecord(given)) return fail(`The ${category} table is missing`);
    for (const person of Object.keys(expected))
      if (typeof given[person] !== 'string') return fail(`The ${category} of ${person} is missing`);
  }
  // Which links are wrong is not said: that would let a guesser solve it by elimination.
  const right = Object.entries(puzzle.secret).every(([category, expected]) =>
    Object.entries(expected).every(
      ([person, item]) => (answer[category] as Record<string, unknown>)[person] === item,
    ),
  );
  return right ? OK : fail('That is not the solution');
}
