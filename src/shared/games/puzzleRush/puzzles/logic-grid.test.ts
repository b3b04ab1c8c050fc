import { describe, expect, it } from 'vitest';
import {
  checkLogicGrid,
  countLogicSolutions,
  generateLogicGrid,
  type LogicClue,
  type LogicGridPuzzle,
  type LogicGridQuestion,
  type LogicItemRef,
  type LogicSolution,
} from './logic-grid';
import { TEST_DATES, testSeed } from './testing';

// Brute force written apart from the module: try every assignment (for each non-primary
// category, the item of each person) and keep those every clue allows.
function allOrders(n: number): number[][] {
  if (n === 1) return [[0]];
  return allOrders(n - 1).flatMap((p) =>
    p.map((_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]).concat([[...p, n - 1]]),
  );
}
function bruteForce({ categories, clues }: LogicGridQuestion): LogicSolution[] {
  const n = (categories[0] as { items: string[] }).items.length;
  const orders = allOrders(n);
  const solutions: LogicSolution[] = [];
  const itemOf: number[][] = [orders[0]?.map((_, p) => p) ?? []];
  const holder = (ref: LogicItemRef) => (itemOf[ref.category] as number[]).indexOf(ref.item);
  const allows = (clue: LogicClue): boolean => {
    if (clue.kind === 'either')
      return holder(clue.a) === holder(clue.b) || holder(clue.a) === holder(clue.c);
    return (holder(clue.a) === holder(clue.b)) === (clue.kind === 'same');
  };
  const visit = (c: number): void => {
    if (c < categories.length) {
      for (const order of orders) {
        itemOf[c] = order;
        visit(c + 1);
      }
      return;
    }
    if (!clues.every(allows)) return;
    const people = (categories[0] as { items: string[] }).items;
    solutions.push(
      Object.fromEntries(
        categories
          .slice(1)
          .map((category, k) => [
            category.name,
            Object.fromEntries(
              people.map((person, p) => [
                person,
                category.items[(itemOf[k + 1] as number[])[p] as number] as string,
              ]),
            ),
          ]),
      ),
    );
  };
  visit(1);
  return solutions;
}

const puzzles = TEST_DATES.map((date) => generateLogicGrid(testSeed(date), date));
const first = puzzles[0] as LogicGridPuzzle;

describe('logic-grid puzzle', () => {
  it('has exactly one solution every day, the secret one, by brute force', () => {
    expect(allOrders(4)).toHaveLength(24);
    for (const { question, secret } of puzzles) expect(bruteForce(question)).toEqual([secret]);
  });

  it('keeps only clues that are needed', () => {
    for (const { question } of puzzles.slice(0, 40))
      for (const clue of question.clues)
        expect(
          bruteForce({ ...question, clues: question.clues.filter((c) => c !== clue) }).length,
        ).toBeGreaterThan(1);
  });

  it('uses people and two more categories of 4 sorted, distinct items', () => {
    const seen = new Set<string>();
    for (const { question, secret } of puzzles) {
      const [people, ...others] = question.categories;
      expect(people?.name).toBe('person');
      expect(question.categories).toHaveLength(3);
      for (const { name, items } of question.categories) {
        expect(items).toHaveLength(4);
        expect(new Set(items).size).toBe(4);
        expect(items).toEqual([...items].sort());
        seen.add(name);
      }
      expect(Object.keys(secret).sort()).toEqual(others.map((c) => c.name).sort());
    }
    expect(seen.size).toBeGreaterThan(4);
  });

  it('words each clue with the items it names', () => {
    for (const { question } of puzzles.slice(0, 20))
      for (const clue of question.clues) {
        const name = (ref: LogicItemRef) =>
          question.categories[ref.category]?.items[ref.item] as string;
        expect(clue.text).toMatch(/^[A-Z].*\.$/);
        expect(clue.text).toContain(name(clue.a));
        expect(clue.text).toContain(name(clue.b));
        if (clue.kind === 'either') expect(clue.text).toContain(name(clue.c));
        if (clue.kind === 'different') expect(clue.text).toMatch(/ not /);
      }
  });

  it('can also make 4-category puzzles with one solution', () => {
    for (const date of TEST_DATES.slice(0, 4)) {
      const { question, secret } = generateLogicGrid(testSeed(date), date, { categories: 4 });
      expect(question.categories).toHaveLength(4);
      expect(bruteForce(question)).toEqual([secret]);
    }
  });

  it('counts solutions up to the limit', () => {
    expect(countLogicSolutions(3, 4, [])).toBe(2);
    expect(countLogicSolutions(3, 4, [], 1000)).toBe(576);
    expect(countLogicSolutions(3, 4, first.question.clues, 1000)).toBe(1);
    const same = (a: LogicItemRef, b: LogicItemRef): LogicClue => ({
      kind: 'same',
      a,
      b,
      text: '',
    });
    const catOwner = { category: 1, item: 0 };
    const contradiction = [
      same({ category: 0, item: 0 }, catOwner),
      same({ category: 0, item: 1 }, catOwner),
    ];
    expect(countLogicSolutions(3, 4, contradiction)).toBe(0);
  });

  it('accepts the solution maps and refuses any other', () => {
    expect(checkLogicGrid(first, structuredClone(first.secret))).toEqual({ ok: true });
    const [category, map] = Object.entries(first.secret)[0] as [string, Record<string, string>];
    const [p, q] = Object.keys(map) as [string, string];
    const wrong = structuredClone(first.secret);
    (wrong[category] as Record<string, string>)[p] = map[q] as string;
    (wrong[category] as Record<string, string>)[q] = map[p] as string;
    expect(checkLogicGrid(first, wrong)).toEqual({ ok: false, reason: 'That is not the solution' });
    const missing = structuredClone(first.secret);
    delete missing[category];
    expect(checkLogicGrid(first, missing)).toEqual({
      ok: false,
      reason: `The ${category} table is missing`,
    });
    const partial = structuredClone(first.secret);
    delete (partial[category] as Record<string, string>)[p];
    expect(checkLogicGrid(first, partial)).toEqual({
      ok: false,
      reason: `The ${category} of ${p} is missing`,
    });
    for (const answer of [null, 'x', [], {}])
      expect(checkLogicGrid(first, answer)).toMatchObject({ ok: false });
  });
});
