import { useState } from 'react';
import { Link } from 'react-router';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import type { CommunityBetDto } from '../../../../shared/api/communityBets';
import { Emoji } from '../../../components/Emoji';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { CreateBetForm } from '../../bets/public';
import { useCreateBetMutation } from '../mutations';
import { useCommunityBets, type CommunityBetStatus } from '../queries';
import { BetOptions, BetTiming, ManageBet, StatusBadge } from './BetParts';
import { Segmented } from './SeasonPicker';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'settled', label: 'Settled' },
] as const satisfies readonly { value: CommunityBetStatus; label: string }[];

const betPath = (slug: string, betId: string) => `/c/${encodeURIComponent(slug)}/bets/${betId}`;

function BetItem({
  slug,
  bet,
  moderates,
}: {
  slug: string;
  bet: CommunityBetDto;
  moderates: boolean;
}) {
  return (
    <li
      data-testid="community-bet"
      data-status={bet.status}
      className="card flex min-w-0 flex-col gap-3"
    >
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="mr-auto min-w-0 text-lg font-semibold wrap-anywhere">
          <Link to={betPath(slug, bet._id)} className="text-white hover:underline">
            {bet.title}
          </Link>
        </h3>
        <StatusBadge status={bet.status} />
      </div>
      <BetTiming bet={bet} />
      <BetOptions bet={bet} />
      <p className="text-xs text-slate-400">
        <Emoji char="🪙" /> {formatCoins(bet.totalStaked)} staked ·{' '}
        <Link to={betPath(slug, bet._id)} className="font-semibold text-amber-300 underline">
          {bet.status === 'open' ? 'Bet and discuss' : 'See the bet and its comments'}
          <span className="sr-only">: {bet.title}</span>
        </Link>
      </p>
      {moderates && <ManageBet slug={slug} bet={bet} />}
    </li>
  );
}

/** A community's Bets tab: its open or settled bets, and for moderators the means to run them. */
export function BetsTab({ community }: { community: CommunityDetailDto }) {
  const { slug, membership } = community;
  const moderates = membership !== null && membership.role !== 'member';
  const [status, setStatus] = useState<CommunityBetStatus>('open');
  const [creating, setCreating] = useState(false);
  const bets = useCommunityBets(slug, status);
  const create = useCreateBetMutation(slug);
  const list = bets.data?.pages.flatMap((page) => page.bets) ?? [];

  return (
    <div className="flex flex-col gap-4">
      {/* Folded until asked for, so the bets, not an empty form, open the tab. */}
      {moderates &&
        (creating ? (
          <>
            <CreateBetForm
              send={(input) => create.mutateAsync(input).then(() => setStatus('open'))}
            />
            <button
              type="button"
              className="btn-secondary self-start"
              onClick={() => setCreating(false)}
            >
              Hide the form
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn-primary self-start"
            onClick={() => setCreating(true)}
          >
            New bet
          </button>
        ))}
      <section aria-label="Community bets" className="flex flex-col gap-4">
        <Segmented label="Show bets" value={status} choices={STATUSES} onChange={setStatus} />
        {bets.isPending ? (
          <LoadingState>Loading the bets…</LoadingState>
        ) : bets.error && !bets.isFetchNextPageError ? (
          <ErrorBanner>{errorMessage(bets.error, 'Failed to load the bets')}</ErrorBanner>
        ) : list.length === 0 ? (
          <EmptyState>
            {status === 'open'
              ? moderates
                ? 'No open bets. Start one with New bet.'
                : 'No open bets right now. The moderators run them.'
              : 'No settled bets yet.'}
          </EmptyState>
        ) : (
          <>
            <ul
              aria-label={`${status === 'open' ? 'Open' : 'Settled'} bets`}
              className="flex flex-col gap-4"
            >
              {list.map((bet) => (
                <BetItem key={bet._id} slug={slug} bet={bet} moderates={moderates} />
              ))}
            </ul>
            <ShowMore query={bets} what="bets" />
          </>
        )}
      </section>
    </div>
  );
}
