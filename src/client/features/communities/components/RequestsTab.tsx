import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { communityError, useAnswerRequestMutation } from '../mutations';
import { useRequests } from '../queries';

/** Join requests waiting for a moderator, oldest first. */
export function RequestsTab({ slug }: { slug: string }) {
  const requests = useRequests(slug);
  const answer = useAnswerRequestMutation(slug);
  const reply = (username: string, approve: boolean) =>
    answer.mutate(
      { username, approve },
      {
        onSuccess: ({ message }) => notify.success(message),
        onError: (error) => notify.error(communityError(error, 'Could not answer it')),
      },
    );

  if (requests.isPending) return <LoadingState>Loading requests…</LoadingState>;
  if (requests.error)
    return <ErrorBanner>{errorMessage(requests.error, 'Failed to load requests')}</ErrorBanner>;
  if (requests.data.length === 0) return <EmptyState>No requests waiting.</EmptyState>;
  return (
    <ul aria-label="Join requests" className="card flex flex-col divide-y divide-white/10">
      {requests.data.map((r) => (
        <li
          key={r.username}
          data-testid="join-request"
          data-username={r.username}
          className="flex flex-wrap items-center gap-3 py-3"
        >
          <Avatar src={r.profileImage} username={r.username} size="sm" />
          <div className="min-w-0 flex-1 basis-40">
            <Link
              to={`/profile/${encodeURIComponent(r.username)}`}
              className="font-semibold wrap-anywhere text-amber-200 hover:underline"
            >
              {r.username}
            </Link>
            <p className="text-xs text-slate-400">asked {formatDateTime(r.createdAt)}</p>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={answer.isPending}
              aria-label={`Approve ${r.username}`}
              onClick={() => reply(r.username, true)}
            >
              Approve
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={answer.isPending}
              aria-label={`Deny ${r.username}`}
              onClick={() => reply(r.username, false)}
            >
              Deny
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
