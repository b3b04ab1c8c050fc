import { Link } from 'react-router';
import type { ParlayDto, ParlayLegDto, WagerDto, WagerStatus } from '../../../../shared/api/bets';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatCoins, formatDateTime } from '../../../lib/format';
import { formatOdds, formatTotalOdds } from '../display';
import { useMyBets } from '../queries';
import { Emoji } from '../../../components/Emoji';
import { Dices, ScrollText } from 'lucide-react';

type Entry = WagerDto | ParlayDto;

const STATUS_LABEL: Record<WagerStatus, string> = {
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
  refunded: 'Refunded',
};
const STATUS_TONE: Record<WagerStatus, string> = {
  open: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  won: 'border-emerald-400/50 bg-emerald-400/15 text-emerald-200',
  lost: 'border-rose-400/50 bg-rose-500/15 text-rose-200',
  refunded: 'border-slate-400/40 bg-slate-400/10 text-slate-200',
};
const LEG_TONE: Record<ParlayLegDto['status'], string> = {
  open: 'text-slate-400',
  won: 'text-emerald-300',
  lost: 'text-rose-300',
  void: 'text-slate-500 line-through',
};

function StatusBadge({ status }: { status: WagerStatus }) {
  return (
    <span
      data-testid="bet-result"
      className={`shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

function Money({
  label,
  amount,
  tone = 'text-slate-100',
  testId,
}: {
  label: string;
  amount: number;
  tone?: string;
  testId: string;
}) {
  return (
    <div>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd data-testid={testId} className={`font-mono font-semibold ${tone}`}>
        <Emoji char="🪙" /> {formatCoins(amount)}
      </dd>
    </div>
  );
}

function Amounts({ entry }: { entry: Entry }) {
  const settled = entry.status !== 'open';
  return (
    <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
      <Money label="Stake" amount={entry.stake} testId="bet-stake" />
      {settled ? (
        <Money
          label="Payout"
          amount={entry.payout}
          testId="bet-payout"
          tone={entry.payout > 0 ? 'text-emerald-300' : 'text-slate-400'}
        />
      ) : (
        <Money
          label="Potential payout"
          amount={entry.potentialPayout}
          testId="bet-potential-payout"
          tone="text-amber-200"
        />
      )}
    </dl>
  );
}

function SingleEntry({ wager, testId }: { wager: WagerDto; testId: string }) {
  return (
    <li
      data-testid={testId}
      data-kind="single"
      className="rounded-xl border border-white/10 bg-white/5 p-3"
    >
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 font-semibold break-words text-white">{wager.betTitle}</p>
        <StatusBadge status={wager.status} />
      </div>
      <p className="text-sm text-slate-300">
        Pick: <span className="font-semibold text-white">{wager.choice}</span>{' '}
        <span className="font-mono text-amber-200">{formatOdds(wager.odds)}</span>
      </p>
      <Amounts entry={wager} />
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={wager.createdAt}>{formatDateTime(wager.createdAt)}</time>
      </p>
    </li>
  );
}

function ParlayEntry({ parlay, testId }: { parlay: ParlayDto; testId: string }) {
  return (
    <li
      data-testid={testId}
      data-kind="parlay"
      className="rounded-xl border border-fuchsia-400/20 bg-fuchsia-500/5 p-3"
    >
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 font-semibold text-white">
          Parlay · {parlay.legs.length} legs ·{' '}
          <span data-testid="parlay-total" className="font-mono text-amber-200">
            {formatTotalOdds(parlay.totalOdds)}
          </span>
        </p>
        <StatusBadge status={parlay.status} />
      </div>
      <ul aria-label="Parlay legs" className="mt-1 flex flex-col gap-0.5 text-sm">
        {parlay.legs.map((leg) => (
          <li key={leg.betId} data-testid="parlay-leg" className="flex min-w-0 gap-2">
            <span className="min-w-0 flex-1 wrap-anywhere text-slate-300">
              {leg.betTitle} · <span className="font-semibold text-white">{leg.choice}</span>{' '}
              <span className="font-mono text-amber-200">{formatOdds(leg.odds)}</span>
            </span>
            <span className={`shrink-0 text-xs capitalize ${LEG_TONE[leg.status]}`}>
              {leg.status}
            </span>
          </li>
        ))}
      </ul>
      <Amounts entry={parlay} />
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={parlay.createdAt}>{formatDateTime(parlay.createdAt)}</time>
      </p>
    </li>
  );
}

function EntryList({
  entries,
  label,
  testId,
}: {
  entries: Entry[];
  label: string;
  testId: string;
}) {
  // The list scrolls inside its card: keyboard users need a stop on it to scroll it (axe
  // scrollable-region-focusable); its label names that stop.
  return (
    <ul
      aria-label={label}
      tabIndex={0}
      className="flex max-h-[32rem] flex-col gap-2 overflow-y-auto pr-1"
    >
      {entries.map((entry) =>
        entry.kind === 'parlay' ? (
          <ParlayEntry key={`parlay-${entry._id}`} parlay={entry} testId={testId} />
        ) : (
          <SingleEntry key={`single-${entry._id}`} wager={entry} testId={testId} />
        ),
      )}
    </ul>
  );
}

interface MyBetsSectionProps {
  settled: boolean;
}

function MyBetsSection({ settled }: MyBetsSectionProps) {
  const myBets = useMyBets();
  const heading = settled ? 'Bet history' : 'Active bets';
  const headingId = settled ? 'bet-history-heading' : 'my-active-bets-heading';
  const entries = settled ? myBets.data?.settled : myBets.data?.open;

  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId} className="section-title mb-4">
        {settled ? <ScrollText className="mr-1.5" /> : <Dices className="mr-1.5" />}
        {heading}
      </h2>
      {myBets.isPending ? (
        <LoadingState>Loading your bets…</LoadingState>
      ) : !entries ? (
        <ErrorBanner>{errorMessage(myBets.error, 'Failed to load your bets')}</ErrorBanner>
      ) : entries.length === 0 ? (
        <EmptyState>
          {settled ? (
            'No settled bets yet.'
          ) : (
            <>
              No active bets.{' '}
              <Link
                to="/bets"
                className="font-semibold text-amber-300 underline-offset-2 hover:underline"
              >
                Find one to back
              </Link>
            </>
          )}
        </EmptyState>
      ) : (
        <EntryList
          entries={entries}
          label={settled ? 'Settled bets' : 'Your open bets'}
          testId={settled ? 'bet-history-entry' : 'my-open-bet'}
        />
      )}
    </section>
  );
}

export function MyActiveBets() {
  return <MyBetsSection settled={false} />;
}

export function BetHistory() {
  return <MyBetsSection settled />;
}
