import { useState } from 'react';
import type { LedgerEntryDto } from '../../../shared/api/wallet';
import { EmptyState, ErrorBanner, LoadingState } from '../../components/States';
import { errorMessage } from '../../lib/errorMessages';
import { formatCoins, formatDateTime, formatSignedCoins } from '../../lib/format';
import { useLedger } from './queries';
import { Receipt } from 'lucide-react';

/**
 * Rows shown at first and added per 'Show more'. One session of games writes hundreds of rows;
 * listing every loaded one made the dashboard thousands of pixels tall.
 */
const STATEMENT_STEP = 10;

function counterpartyText(entry: LedgerEntryDto): string | null {
  if (!entry.counterparty) return null;
  if (entry.delta < 0) return `to @${entry.counterparty}`;
  return `from @${entry.counterparty}`;
}

function LedgerRow({ entry }: { entry: LedgerEntryDto }) {
  const counterparty = counterpartyText(entry);
  const tone =
    entry.delta > 0 ? 'text-emerald-300' : entry.delta < 0 ? 'text-rose-300' : 'text-slate-300';
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="ledger-entry">
      <div className="min-w-0 flex-1">
        <p className="wrap-anywhere font-medium text-white">
          {entry.label}
          {counterparty && <span className="text-slate-400"> {counterparty}</span>}
        </p>
        <p className="text-xs text-slate-500">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`font-mono font-semibold ${tone}`}>{formatSignedCoins(entry.delta)}</p>
        <p className="text-xs text-slate-500">
          <span className="sr-only">Balance after: </span>= {formatCoins(entry.balanceAfter)}
        </p>
      </div>
    </li>
  );
}

/** The statement on the dashboard: the newest rows, STATEMENT_STEP more per 'Show more'. */
export function LedgerStatement() {
  const ledger = useLedger();
  const [limit, setLimit] = useState(STATEMENT_STEP);
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  const shown = entries.slice(0, limit);
  const more = entries.length > limit || ledger.hasNextPage;
  // Waiting on the server only when the rows already loaded cannot fill the next step.
  const waiting = ledger.isFetchingNextPage && entries.length <= limit;

  function showMore() {
    const next = limit + STATEMENT_STEP;
    setLimit(next);
    if (entries.length < next && ledger.hasNextPage && !ledger.isFetchingNextPage)
      void ledger.fetchNextPage();
  }

  return (
    <section aria-labelledby="statement-heading" className="card">
      <h2 id="statement-heading" className="section-title mb-1">
        <Receipt className="mr-1.5" />
        Statement
      </h2>
      <p className="mb-4 text-sm text-slate-400">
        Every coin in and out of your wallet, newest first.
      </p>

      {ledger.isPending ? (
        <LoadingState>Loading your statement…</LoadingState>
      ) : ledger.isError && entries.length === 0 ? (
        <ErrorBanner>{errorMessage(ledger.error, 'Failed to load statement')}</ErrorBanner>
      ) : entries.length === 0 ? (
        <EmptyState>No transactions yet</EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-white/5 overflow-hidden rounded-xl border border-white/10 bg-slate-950/40">
            {shown.map((entry) => (
              <LedgerRow key={entry._id} entry={entry} />
            ))}
          </ul>
          {ledger.isFetchNextPageError && (
            <div className="mt-3">
              <ErrorBanner>{errorMessage(ledger.error, 'Failed to load more entries')}</ErrorBanner>
            </div>
          )}
          {more && (
            <button
              type="button"
              className="btn-secondary mt-4 w-full"
              onClick={showMore}
              disabled={waiting}
            >
              {waiting ? 'Loading…' : 'Show more'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
