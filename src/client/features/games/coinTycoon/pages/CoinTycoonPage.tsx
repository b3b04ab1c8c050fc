import { useEffect, useMemo, useState } from 'react';
import type { TycoonActionResponse } from '../../../../../shared/games/coinTycoon/contract';
import {
  settle,
  TYCOON_BUSINESSES,
  type TycoonState,
} from '../../../../../shared/games/coinTycoon/rules';
import { fromJson } from '../../../../../shared/games/coinTycoon/storage';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useReducedMotion } from '../../public';
import { AwayDialog, type AwaySummaryView } from '../components/AwayDialog';
import { BusinessRow } from '../components/BusinessRow';
import { CompanyStats } from '../components/CompanyStats';
import { BoostCard, DividendCard, SaleCard } from '../components/CompanyCards';
import { useTycoonAction, type TycoonAction } from '../mutations';
import { useTycoon } from '../queries';
import { ACTION_FAILED, clockTime, LOAD_FAILED } from '../coinTycoonView';
import { useServerTicks } from '../useServerTicks';
import { Factory } from 'lucide-react';

/** Ten frames a second keeps the fastest bar (0.6 s) moving; without motion, the numbers step each second. */
const TICK_MS = 100;
const REDUCED_TICK_MS = 1000;

function parse(state: unknown): TycoonState | null {
  try {
    return fromJson(state);
  } catch {
    return null;
  }
}

/** What an answer is worth saying; buys and starts show on the rows themselves. */
function successText(
  action: TycoonAction,
  answer: TycoonActionResponse,
  offsetMs: number,
): string | null {
  switch (action.intent) {
    case 'claim':
      return `Dividend claimed: +${answer.coins.toLocaleString('en-US')} coins`;
    case 'boost':
      return `Boost on: ×2 until ${clockTime(answer.state.boostUntil, offsetMs)}`;
    case 'prestige':
      return `Company sold: ${BigInt(answer.state.investors).toLocaleString('en-US')} investors`;
    case 'manager':
      return `Manager hired for the ${TYCOON_BUSINESSES.find((b) => b.key === action.business)?.name ?? 'business'}`;
    default:
      return null;
  }
}

/**
 * Issue 24, Coin Tycoon: six businesses bought with bucks, run by hand or by managers, a daily
 * dividend in coins, a coin-bought boost and the sale of the company for investors. The server
 * owns the company; between its answers the page settles it forward on the server's clock with
 * the same shared rules the server pays by, so the counter on screen is what the server holds.
 */
export function CoinTycoonPage() {
  const company = useTycoon();
  const action = useTycoonAction();
  const { user } = useSession();
  const reducedMotion = useReducedMotion();
  const view = company.data;
  const state = useMemo(() => (view ? parse(view.state) : null), [view]);
  const now = useServerTicks(view?.offsetMs, reducedMotion ? REDUCED_TICK_MS : TICK_MS);
  const settled = state && now !== null ? settle(state, now).state : null;

  // The away summary comes once (the server saved the settle); it stays up until dismissed,
  // whatever later answers replace the company with.
  const [away, setAway] = useState<AwaySummaryView | null>(null);
  const [awaySeenAt, setAwaySeenAt] = useState<string | null>(null);
  if (view?.away && view.serverTime !== awaySeenAt) {
    setAwaySeenAt(view.serverTime);
    setAway(view.away);
  }

  const { error, errorUpdatedAt } = company;
  useEffect(() => {
    if (error) notify.error(errorMessage(error, LOAD_FAILED));
  }, [error, errorUpdatedAt]);

  async function onAction(intent: TycoonAction) {
    try {
      const answer = await action.mutateAsync(intent);
      const text = successText(intent, answer, view?.offsetMs ?? 0);
      if (text) notify.success(text);
    } catch (failure) {
      notify.error(errorMessage(failure, ACTION_FAILED));
    }
  }
  const onRowAction = (intent: TycoonAction) => void onAction(intent);

  const busy = action.isPending;
  const balance = user?.balance;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            <Factory className="mr-1.5" />
            Coin Tycoon
          </h1>
          <p className="mt-1 text-slate-400">
            Buy businesses with bucks, run their cycles by hand or hire managers, and sell the
            company for investors. Bucks never turn into coins; the daily dividend pays coins for
            the bucks you earn.
          </p>
        </div>
        {settled && now !== null && view && (
          <>
            <CompanyStats settled={settled} now={now} balance={balance} />
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              <DividendCard settled={settled} now={now} busy={busy} onAction={onAction} />
              <BoostCard
                settled={settled}
                now={now}
                busy={busy}
                onAction={onAction}
                balance={balance}
                offsetMs={view.offsetMs}
              />
            </div>
          </>
        )}
      </header>

      {company.isPending ? (
        <LoadingState>Loading your company…</LoadingState>
      ) : !view || !state ? (
        <ErrorBanner>
          <p>{company.error ? errorMessage(company.error, LOAD_FAILED) : LOAD_FAILED}</p>
          <button
            type="button"
            className="btn-secondary mt-2"
            onClick={() => void company.refetch()}
          >
            Try again
          </button>
        </ErrorBanner>
      ) : settled && now !== null ? (
        <>
          <section aria-labelledby="tycoon-businesses-title" className="flex flex-col gap-3">
            <h2 id="tycoon-businesses-title" className="section-title">
              Businesses
            </h2>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {TYCOON_BUSINESSES.map((b) => (
                <BusinessRow
                  key={b.key}
                  business={b}
                  state={state}
                  settled={settled}
                  now={now}
                  busy={busy}
                  reducedMotion={reducedMotion}
                  onAction={onRowAction}
                />
              ))}
            </ul>
          </section>
          <SaleCard settled={settled} busy={busy} onAction={onAction} />
        </>
      ) : null}
      <AwayDialog away={away} onClose={() => setAway(null)} />
    </div>
  );
}
