import type { ReactNode } from 'react';

/** A small pay table with the game's published return under it. */
export function PayTable({
  caption,
  headers,
  rows,
  rtp,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  rtp: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full text-sm">
        <caption className="text-left font-semibold text-white">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 text-left font-semibold text-slate-400">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="border-t border-white/5">
              {row.map((cell, j) => (
                <td key={j} className="py-1 pr-3 text-slate-200">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-400">
        Return to player: <span className="font-semibold text-emerald-300">{rtp}</span>
      </p>
    </div>
  );
}
