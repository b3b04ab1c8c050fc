import { useId } from 'react';
import type { PublishedDto } from '../../../../../shared/api/fairness';
import { EmojiText } from '../../../../components/Emoji';

type PublishedTable = PublishedDto['sections'][number]['tables'][number];

// Below `sm` each row stacks into a card, each cell under its column's name: a 390 px phone
// never scrolls sideways. The explicit roles keep the table's meaning for screen readers once
// the cells are blocks.
const stack = 'max-sm:block';
const cellBase = `${stack} py-1 pr-3 text-left align-top max-sm:pr-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-400 max-sm:before:content-[attr(data-label)]`;

/** One published table, as the server's rows say it; the first cell names the row. */
export function PublishedTableView({ table }: { table: PublishedTable }) {
  const captionId = useId();
  return (
    <div className="flex flex-col gap-1">
      {/* A heading rather than a caption: screen readers list it with the sections' headings. */}
      <h3 id={captionId} className="font-semibold text-white">
        <EmojiText text={table.caption} />
      </h3>
      {/* A wide table scrolls inside its own box, which the keyboard can reach to scroll it. */}
      <div className="overflow-x-auto" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table
          role="table"
          aria-labelledby={captionId}
          className={`${stack} w-full text-sm`}
          data-testid="published-table"
          data-table={table.key}
        >
          <thead role="rowgroup" className="max-sm:sr-only">
            <tr role="row">
              {table.columns.map((column) => (
                <th
                  key={column}
                  role="columnheader"
                  scope="col"
                  className="py-1 pr-3 text-left font-semibold text-slate-400"
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={stack}>
            {table.rows.map((row) => (
              <tr
                key={row.key}
                role="row"
                className={`${stack} border-t border-white/5 max-sm:py-2`}
                data-testid="published-row"
                data-row={row.key}
              >
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    <th
                      key={i}
                      role="rowheader"
                      scope="row"
                      data-label={table.columns[i]}
                      className={`${cellBase} font-semibold text-white`}
                    >
                      <EmojiText text={cell} />
                    </th>
                  ) : (
                    <td
                      key={i}
                      role="cell"
                      data-label={table.columns[i]}
                      className={`${cellBase} text-slate-200`}
                    >
                      <EmojiText text={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
