import { useMemo } from 'react';
import { SPINNER_IDS, SPINNER_INFO } from '../../../../../shared/games/catalog';
import { gameRtps, spinnerExpectation } from '../../../../../shared/games/rtp';
import { LoadingState } from '../../../../components/States';
import { useSpinnerTables } from '../queries';

const th = 'py-1 pr-3 text-left font-semibold text-slate-400';
const td = 'py-1 pr-3 align-top';

/** The published return of every game and expected value of every wheel, from the code that pays. */
export function PublishedReturns() {
  const rtps = useMemo(() => gameRtps(), []);
  const tables = useSpinnerTables();
  return (
    <section id="returns" aria-labelledby="returns-title" className="card flex flex-col gap-4">
      <h2 id="returns-title" className="font-display text-xl font-bold text-white">
        Published returns
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Return to player of every game</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>Game</th>
              <th scope="col" className={th}>Bet</th>
              <th scope="col" className={th}>Return</th>
              <th scope="col" className={th}>House edge</th>
            </tr>
          </thead>
          <tbody>
            {rtps.map((r) => (
              <tr key={`${r.game}-${r.variant}`} className="border-t border-white/5" data-testid={`rtp-${r.game}`}>
                <td className={`${td} font-semibold text-white`}>{r.game}</td>
                <td className={td}>{r.variant}</td>
                <td className={`${td} text-emerald-300`}>{r.percent}</td>
                <td className={td}>{r.houseEdgePercent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="font-semibold text-white">Spinners: expected coins per spin</h3>
      {tables.isPending ? (
        <LoadingState>Loading the wheels…</LoadingState>
      ) : !tables.data ? (
        <p className="text-sm text-slate-400">The wheels could not be loaded.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Expected value of every spinner</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>Wheel</th>
                <th scope="col" className={th}>Expected coins</th>
              </tr>
            </thead>
            <tbody>
              {SPINNER_IDS.map((id) => {
                const ev = spinnerExpectation(id, tables.data[id]);
                return (
                  <tr key={id} className="border-t border-white/5" data-testid={`ev-${id}`}>
                    <td className={`${td} font-semibold text-white`}>{SPINNER_INFO[id].title}</td>
                    <td className={`${td} text-emerald-300`}>{ev.coins}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
