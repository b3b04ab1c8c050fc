import type { ReactNode } from 'react';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { usePetUser } from '../queries';
import { PetNav } from './PetNav';
import { Emoji } from '../../../../components/Emoji';

type Balance = 'gold' | 'coins' | 'shards';

const BALANCES: Record<
  Balance,
  {
    label: string;
    colour: string;
    read: (u: NonNullable<ReturnType<typeof usePetUser>['data']>) => number;
  }
> = {
  gold: { label: 'Gold', colour: 'text-emerald-300', read: (u) => u.balance },
  coins: { label: 'Pet coins', colour: 'text-amber-200', read: (u) => u.resources.coins },
  shards: { label: 'Shards', colour: 'text-sky-200', read: (u) => u.resources.shards },
};

/**
 * A pet page's header: its title and line, the balances it spends (each with the test id
 * `${testIdPrefix}-${balance}`), the pet area's links, and a banner when the balances fail to load.
 */
export function PetPageHeader({
  icon,
  title,
  blurb,
  balances,
  testIdPrefix,
}: {
  icon: string;
  title: string;
  blurb: ReactNode;
  balances: readonly Balance[];
  testIdPrefix: string;
}) {
  const user = usePetUser();
  const noun = balances.length === 1 ? 'balance' : 'balances';
  return (
    <>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
              <span aria-hidden="true">
                <Emoji char={icon} />{' '}
              </span>
              {title}
            </h1>
            <p className="mt-1 text-slate-400">{blurb}</p>
          </div>
          {user.data ? (
            <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label={`Your ${noun}`}>
              {balances.map((b) => (
                <div key={b}>
                  <dt className="text-xs text-slate-400">{BALANCES[b].label}</dt>
                  <dd
                    className={`font-mono text-lg font-semibold ${BALANCES[b].colour}`}
                    data-testid={`${testIdPrefix}-${b}`}
                  >
                    {formatCoins(BALANCES[b].read(user.data))}
                  </dd>
                </div>
              ))}
            </dl>
          ) : user.isPending ? (
            <LoadingState>Loading your {noun}…</LoadingState>
          ) : null}
        </div>
        <PetNav />
      </header>
      {user.isError && (
        <ErrorBanner>
          {errorMessage(user.error, `Your ${noun} could not be loaded. Try again in a moment.`)}
        </ErrorBanner>
      )}
    </>
  );
}
