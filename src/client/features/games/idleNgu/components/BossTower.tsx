import {
  firstKillCoins,
  IDLE_MAX_LIFETIME_COINS,
  IDLE_TOWER_BOSSES,
} from '../../../../../shared/games/idleNgu/rules';
import { wholeText, type TowerFloor } from '../idleNguView';
import { SteadyButton } from '../../../../components/SteadyButton';
import { Castle } from 'lucide-react';
import { Emoji } from '../../../../components/Emoji';

interface BossTowerProps {
  floors: TowerFloor[];
  /** A fight is on its way: the buttons wait for its answer. */
  busy: boolean;
  onFight: (boss: number) => void;
}

/**
 * The tower, from boss 1 to five floors above the run's best: HP, whether this run beat it, the
 * first-kill reward or 'paid', and Fight while the power (settled to now) beats the boss. A fight
 * the page offers is one the server will accept, since the server's clock is never behind it.
 */
export function BossTower({ floors, busy, onFight }: BossTowerProps) {
  return (
    <section className="card flex min-w-0 flex-col gap-3" aria-labelledby="idle-tower-title">
      <h2 id="idle-tower-title" className="section-title">
        <Castle className="mr-1.5" />
        Boss tower
      </h2>
      <p className="text-sm text-slate-400" data-testid="idle-coin-bound">
        Coins only for first kills: at most {wholeText(IDLE_MAX_LIFETIME_COINS)} in all. Boss n pays
        10 + 2n coins the first time you ever beat it ({firstKillCoins(1)} for boss 1,{' '}
        {wholeText(firstKillCoins(IDLE_TOWER_BOSSES))} for boss {IDLE_TOWER_BOSSES}); beating it
        again pays nothing. Boss n has 10 × 1.35ⁿ HP, and your power beats it or not: no luck.
      </p>
      <ol className="flex flex-col gap-2" aria-label="Bosses">
        {floors.map((f) => {
          const reasonId = `idle-boss-${f.n}-blocked`;
          return (
            <li
              key={f.n}
              className={`flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border px-3 py-2 ${f.beaten ? 'border-emerald-400/30 bg-emerald-950/20' : 'border-white/10 bg-slate-950/40'}`}
              data-testid="idle-boss"
              data-boss={f.n}
              data-beaten={f.beaten}
              data-paid={f.paid}
              data-fightable={f.fightable}
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-white">
                  Boss {f.n}
                  {f.beaten && (
                    <span
                      className="ml-2 rounded-full bg-emerald-500/20 px-2 py-0.5 text-xs font-semibold text-emerald-200"
                      data-testid="idle-boss-beaten"
                    >
                      ✓ Beaten
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-400">
                  HP{' '}
                  <span className="font-mono text-slate-200" data-testid="idle-boss-hp">
                    {f.hp}
                  </span>
                  {' · '}
                  <span data-testid="idle-boss-reward">
                    {f.paid ? (
                      'paid'
                    ) : (
                      <>
                        <Emoji char="🪙" /> {wholeText(f.reward)} coins
                      </>
                    )}
                  </span>
                </p>
                {f.blocked && (
                  <p
                    id={reasonId}
                    className="text-xs text-slate-400"
                    data-testid="idle-boss-blocked"
                  >
                    {f.blocked}
                  </p>
                )}
              </div>
              <SteadyButton
                className={f.fightable ? 'btn-primary' : 'btn-secondary'}
                unavailable={busy || !f.fightable}
                aria-describedby={f.blocked ? reasonId : undefined}
                onPress={() => onFight(f.n)}
                data-testid="idle-fight"
              >
                Fight<span className="sr-only"> boss {f.n}</span>
              </SteadyButton>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
