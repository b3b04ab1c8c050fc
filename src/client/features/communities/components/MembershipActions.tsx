import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import { JOIN_POLICY_TEXT } from '../../../../shared/communities';
import { ConfirmDialog } from '../../../components/Modal';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  communityError,
  useJoinMutation,
  useLeaveMutation,
  useSetHomeMutation,
} from '../mutations';

/** Join, ask to join, or why not; Leave for a member who does not own it. */
function JoinOrLeave({ community }: { community: CommunityDetailDto }) {
  const ids = useId();
  const location = useLocation();
  const { isAuthenticated } = useSession();
  const join = useJoinMutation(community.slug);
  const leave = useLeaveMutation(community.slug);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const { membership, joinPolicy, requested, ban, name } = community;
  const policy = (
    <p id={`${ids}-policy`} className="text-sm text-slate-400">
      {JOIN_POLICY_TEXT[joinPolicy]}.
    </p>
  );

  if (membership) {
    if (membership.role === 'owner')
      return <p className="text-sm text-slate-300">You own this community.</p>;
    return (
      <>
        <button type="button" className="btn-secondary" onClick={() => setConfirmLeave(true)}>
          Leave
        </button>
        <ConfirmDialog
          open={confirmLeave}
          question={`Leave ${name}?`}
          details="You can come back later if its join policy lets you."
          confirmLabel="Leave"
          tone="danger"
          onCancel={() => setConfirmLeave(false)}
          onConfirm={() => {
            setConfirmLeave(false);
            leave.mutate(undefined, {
              onSuccess: ({ message }) => notify.success(message),
              onError: (error) => notify.error(communityError(error, 'Could not leave')),
            });
          }}
        />
      </>
    );
  }
  // An invite link, not this page, lets a player in: signing in here would not help.
  if (joinPolicy === 'invite' && !ban)
    return (
      <>
        <button type="button" className="btn-secondary" disabled aria-describedby={`${ids}-policy`}>
          Invite only
        </button>
        {policy}
      </>
    );
  if (!isAuthenticated)
    return (
      <>
        <Link
          to="/login"
          state={{ from: { pathname: location.pathname, search: location.search, hash: '' } }}
          className="btn-primary"
          aria-describedby={`${ids}-policy`}
        >
          Sign in to join
        </Link>
        {policy}
      </>
    );
  if (ban)
    return (
      <p role="status" className="text-sm text-rose-200">
        You are banned from this community{' '}
        {ban.until ? `until ${formatDateTime(ban.until)}` : 'for good'}
        {ban.reason ? `: ${ban.reason}` : ''}.
      </p>
    );
  if (requested)
    return (
      <>
        <button type="button" className="btn-secondary" disabled aria-describedby={`${ids}-policy`}>
          Request sent
        </button>
        <p id={`${ids}-policy`} className="text-sm text-slate-400">
          A moderator will look at it.
        </p>
      </>
    );
  return (
    <>
      <button
        type="button"
        className="btn-primary"
        aria-describedby={`${ids}-policy`}
        disabled={join.isPending}
        onClick={() =>
          join.mutate(undefined, {
            onSuccess: ({ message }) => notify.success(message),
            onError: (error) => notify.error(communityError(error, 'Could not join')),
          })
        }
      >
        {joinPolicy === 'approval' ? 'Request to join' : 'Join'}
      </button>
      {policy}
    </>
  );
}

/** A member's pick of this community as the one shown beside their name. */
function HomeToggle({ community }: { community: CommunityDetailDto }) {
  const ids = useId();
  const setHome = useSetHomeMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const isHome = community.membership?.isHome ?? false;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="btn-secondary"
        aria-pressed={isHome}
        aria-describedby={problem ? `${ids}-problem` : undefined}
        disabled={setHome.isPending}
        onClick={() => {
          setProblem(null);
          setHome.mutate(isHome ? null : community.slug, {
            onSuccess: ({ message }) => notify.success(message),
            onError: (error) => setProblem(communityError(error, 'Could not change your home')),
          });
        }}
      >
        {isHome ? 'Home community ✓' : 'Make home community'}
      </button>
      {problem && (
        <p id={`${ids}-problem`} role="alert" className="max-w-sm text-sm text-rose-300">
          {problem}
        </p>
      )}
    </div>
  );
}

export function MembershipActions({ community }: { community: CommunityDetailDto }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <JoinOrLeave community={community} />
      {community.membership && <HomeToggle community={community} />}
    </div>
  );
}
