import { useState } from 'react';
import type { SpinnerTableDto } from '../../../../../shared/games/spinner/contract';
import { formatCoins } from '../../../../lib/format';
import {
  formatPercent,
  slicesOf,
  sortSlices,
  type SortColumn,
  type SortDirection,
} from '../spinnerMath';

const LABELS: Record<SortColumn, string> = { reward: 'Reward', probability: 'Probability' };

/** Spec: the reward/probability table, sortable by either column, ascending or descending. */
export function RewardTable({ title, table }: { title: string; table: SpinnerTableDto }) {
  const [sort, setSort] = useState<{ column: SortColumn; direction: SortDirection }>({
    column: 'reward',
    direction: 'asc',
  });
  const rows = sortSlices(slicesOf(table), sort.column, sort.direction);
  const toggle = (column: SortColumn) =>
    setSort((s) => ({
      column,
      direction: s.column === column && s.direction === 'asc' ? 'desc' : 'asc',
    }));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{`${title} rewards and their chances`}</caption>
      <thead>
        <tr className="text-left text-slate-400">
          {(Object.keys(LABELS) as SortColumn[]).map((column) => {
            const active = sort.column === column;
            return (
              <th
                key={column}
                scope="col"
                aria-sort={
                  active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                }
                className="py-1"
              >
                <button
                  type="button"
                  className="inline-flex items-center gap-1 font-semibold hover:text-white"
                  onClick={() => toggle(column)}
                >
                  {LABELS[column]}
                  <span aria-hidden="true">
                    {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.index} className="border-t border-white/5">
            <td className="py-1 font-semibold text-amber-200">{formatCoins(row.reward)}</td>
            <td className="py-1 text-slate-300">{formatPercent(row.probability)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
