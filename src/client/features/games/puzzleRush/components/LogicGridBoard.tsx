import { useState } from 'react';
import type { LogicGridAnswer } from '../../../../../shared/games/puzzleRush/puzzles';
import { isLogicComplete, logicDuplicates } from '../puzzleRush';
import type { PuzzleBoardProps } from './types';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function LogicGridBoard({ puzzle, disabled, onSubmit }: PuzzleBoardProps<'logic-grid'>) {
  const { categories, clues } = puzzle.question;
  const [primary, ...others] = categories;
  const people = primary?.items ?? [];
  const [answer, setAnswer] = useState<LogicGridAnswer>(() =>
    Object.fromEntries(others.map((c) => [c.name, Object.fromEntries(people.map((p) => [p, '']))])),
  );
  const complete = isLogicComplete(
    answer,
    people,
    others.map((c) => c.name),
  );
  const duplicates = logicDuplicates(answer);

  const pick = (category: string, person: string, item: string) =>
    setAnswer((a) => ({ ...a, [category]: { ...a[category], [person]: item } }));

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !disabled) onSubmit(answer);
      }}
    >
      <div className="flex flex-col gap-1 text-sm text-slate-300">
        {categories.map((c) => (
          <p key={c.name} className="break-words">
            <span className="font-semibold text-white">{capitalise(c.name)}:</span>{' '}
            {c.items.join(', ')}
          </p>
        ))}
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-white">Clues</h3>
        <ol
          className="list-decimal space-y-1 pl-5 text-sm text-slate-200"
          data-testid="logic-clues"
        >
          {clues.map((clue, i) => (
            <li key={i}>{clue.text}</li>
          ))}
        </ol>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {others.map((category) => (
          <table
            key={category.name}
            className="w-full text-sm"
            data-testid={`logic-table-${category.name}`}
          >
            <caption className="mb-1 text-left font-semibold text-white">
              {capitalise(primary?.name ?? '')} → {category.name}
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{capitalise(primary?.name ?? '')}</th>
                <th scope="col">{capitalise(category.name)}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => {
                const value = answer[category.name]?.[person] ?? '';
                const clash = value !== '' && (duplicates[category.name] ?? []).includes(value);
                return (
                  <tr key={person}>
                    <th scope="row" className="py-1 pr-2 text-left font-medium text-slate-200">
                      {person}
                    </th>
                    <td className="py-1">
                      <select
                        aria-label={`${capitalise(category.name)} of ${person}`}
                        aria-invalid={clash || undefined}
                        className={`input py-1.5 ${clash ? 'border-rose-400' : ''}`}
                        value={value}
                        disabled={disabled}
                        onChange={(e) => pick(category.name, person, e.target.value)}
                      >
                        <option value="">Choose…</option>
                        {category.items.map((item) => (
                          <option key={item} value={item}>
                            {item}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </div>
      {Object.values(duplicates).some((d) => d.length > 0) && (
        <p className="text-sm text-amber-200">
          Each item belongs to one person only: a table picks the same item twice.
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={disabled || !complete}>
        Submit
      </button>
    </form>
  );
}
