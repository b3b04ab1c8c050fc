import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import type { CommunityBetDto } from '../../../../shared/api/communityBets';
import { Emoji } from '../../../components/Emoji';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { PARLAY_MAX_LEGS } from '../../../../shared/odds';
import { CreateBetForm, withCurrentOdds } from '../../bets/public';
import { useCreateBetMutation } from '../mutations';
import { useCommunityBets, type CommunityBetStatus } from '../queries';
import { useParlayPicks, type ParlayPicks } from '../useParlayPicks';
import { BetOptions, BetTiming, ManageBet, StatusBadge } from './BetParts';
import { CommunityParlaySlip } from './CommunityParlaySlip';
import { ParlayPickButton } from './ParlayPickButton';
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
  parlay,
}: {
  slug: string;
  bet: CommunityBetDto;
  moderates: boolean;
  /** A member's slip; null for visitors and outsiders, who cannot wager. */
  parlay: ParlayPicks | null;
}) {
  const picked = parlay?.picks.find((pick) => pick.betId === bet._id)?.choice;
  // Still 'open' for a while after it ends, until a moderator settles it: no new picks then.
  const pickable = parlay !== null && bet.status === 'open' && Date.parse(bet.endTime) > Date.now();

  function toggle(option: CommunityBetDto['options'][number]) {
    const pick = { betId: bet._id, betTitle: bet.title, choice: option.text, odds: option.odds };
    if (parlay && !parlay.toggle(pick))
      notify.error(`A parlay holds at most ${PARLAY_MAX_LEGS} bets.`);
  }

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
      <BetOptions
        bet={bet}
        action={
          pickable
            ? (option) => (
                <ParlayPickButton
                  choice={option.text}
                  betTitle={bet.title}
                  picked={picked === option.text}
                  onToggle={() => toggle(option)}
                />
              )
            : undefined
        }
      />
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
  const parlay = useParlayPicks(slug);
  const member = membership !== null;
  const slip = member && parlay.picks.length > 0;
  // Once the whole open list is known, a pick on a bet no longer in it (settled or voided) or
  // past its end leaves the slip, and the member is told, rather than meeting a refusal later.
  const closed =
    status === 'open' && bets.isSuccess && !bets.hasNextPage
      ? parlay.picks
          .filter(
            (pick) => !list.some((b) => b._id === pick.betId && Date.parse(b.endTime) > Date.now()),
          )
          .map((pick) => pick.betId)
          .join(',')
      : '';
  useEffect(() => {
    if (closed === '') return;
    const gone = new Set(closed.split(','));
    parlay.update((picks) => picks.filter((pick) => !gone.has(pick.betId)));
    notify.info(
      gone.size === 1
        ? 'A bet in your parlay has closed: it left the slip.'
        : `${gone.size} bets in your parlay have closed: they left the slip.`,
    );
  }, [closed, parlay]);

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
      {/* The slip beside the bets on wide screens, under them on phones (after the picks). */}
      <div
        className={
          slip
            ? 'grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]'
            : 'flex flex-col'
        }
      >
        <section aria-label="Community bets" className="flex min-w-0 flex-col gap-4">
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
                  <BetItem
                    key={bet._id}
                    slug={slug}
                    bet={bet}
                    moderates={moderates}
                    parlay={member ? parlay : null}
                  />
                ))}
              </ul>
              <ShowMore query={bets} what="bets" />
            </>
          )}
        </section>
        {slip && (
          <CommunityParlaySlip
            className="lg:sticky lg:top-20"
            picks={parlay.picks}
            onRemove={parlay.remove}
            onOddsChanged={(current) => parlay.update((picks) => withCurrentOdds(picks, current))}
            onPlaced={() => parlay.update(() => [])}
          />
        )}
      </div>
    </div>
  );
}
