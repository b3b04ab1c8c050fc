import type { ModlogEntryDto } from '../../../../shared/api/communities';
import type { ModAction } from '../../../../shared/communities';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { useModlog } from '../queries';

/** Each act as a sentence: '{actor} muted {target}'. */
const ACT: Record<ModAction, (target: string) => string> = {
  mute: (t) => `muted ${t}`,
  ban: (t) => `banned ${t}`,
  remove: (t) => `removed ${t}`,
  delete_post: (t) => `deleted a post by ${t}`,
  approve: (t) => `approved ${t}’s request to join`,
  deny: (t) => `declined ${t}’s request to join`,
  promote: (t) => `made ${t} a moderator`,
  demote: (t) => `made ${t} a member`,
  transfer: (t) => `handed ownership to ${t}`,
  edit: () => 'edited the settings',
  invite: () => 'made an invite code',
  // The bet and what changed are in the entry's reason.
  create_bet: () => 'created a bet',
  set_odds: () => 'changed the odds of a bet',
  finalize_bet: () => 'settled a bet',
  void_bet: () => 'voided a bet',
  delete_bet_comment: (t) => `deleted a comment by ${t} on a bet`,
};

function Entry({ entry }: { entry: ModlogEntryDto }) {
  return (
    <li data-testid="modlog-entry" className="flex flex-col gap-0.5 py-2 text-sm">
      <p className="wrap-anywhere text-slate-100">
        <span className="font-semibold">{entry.actor}</span>{' '}
        {ACT[entry.action](entry.target ?? 'someone')}
        {entry.until && entry.action !== 'invite' && ` until ${formatDateTime(entry.until)}`}
        {entry.reason && <span className="text-slate-300"> — {entry.reason}</span>}
      </p>
      <time dateTime={entry.createdAt} className="text-xs text-slate-400">
        {formatDateTime(entry.createdAt)}
      </time>
    </li>
  );
}

export function ModlogTab({ slug }: { slug: string }) {
  const log = useModlog(slug);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="card flex flex-col gap-3">
      <p className="text-sm text-slate-400">Every moderator act, newest first.</p>
      {log.isPending ? (
        <LoadingState>Loading the log…</LoadingState>
      ) : log.error && !log.isFetchNextPageError ? (
        <ErrorBanner>{errorMessage(log.error, 'Failed to load the moderation log')}</ErrorBanner>
      ) : entries.length === 0 ? (
        <EmptyState>Nothing to report: no moderator has had to act.</EmptyState>
      ) : (
        <>
          <ul aria-label="Moderation log" className="flex flex-col divide-y divide-white/10">
            {entries.map((e) => (
              <Entry key={e._id} entry={e} />
            ))}
          </ul>
          <ShowMore query={log} what="entries" />
        </>
      )}
    </div>
  );
}
