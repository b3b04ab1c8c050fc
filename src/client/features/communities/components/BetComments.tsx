import { useState } from 'react';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import type { BetCommentDto } from '../../../../shared/api/communityBets';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatCoins, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { communityError, useBetCommentMutation, useDeleteBetCommentMutation } from '../mutations';
import { useBetComments } from '../queries';
import { useMuted } from './Feed';
import { Byline } from './PostCard';
import { RemoveDialog } from './RemoveDialog';
import { RichText } from './RichText';
import { WriteBox } from './WriteBox';
import { JoinFirst } from './JoinFirst';

/** "Yes · 20 coins", one part per option the author backs, or "no position". */
function positionText(position: BetCommentDto['position']): string {
  if (!position || position.length === 0) return 'no position';
  return position
    .map((p) => `${p.choice} · ${formatCoins(p.stake)} ${p.stake === 1 ? 'coin' : 'coins'}`)
    .join(', ');
}

function Position({ position }: { position: BetCommentDto['position'] }) {
  const held = position !== null && position.length > 0;
  return (
    <span
      data-testid="comment-position"
      className={`rounded-full border px-2 py-0.5 text-xs wrap-anywhere ${held ? 'border-sky-300/40 bg-sky-300/10 text-sky-100' : 'border-white/15 text-slate-400'}`}
    >
      <span className="sr-only">Position: </span>
      {positionText(position)}
    </span>
  );
}

function RemoveButton({
  slug,
  betId,
  comment,
  me,
  moderates,
}: {
  slug: string;
  betId: string;
  comment: BetCommentDto;
  me: string | null;
  moderates: boolean;
}) {
  const remove = useDeleteBetCommentMutation(slug, betId);
  const [open, setOpen] = useState(false);
  const own = me !== null && me.toLowerCase() === comment.author.toLowerCase();
  if (!own && !moderates) return null;
  return (
    <>
      <button
        type="button"
        className="text-xs font-semibold text-rose-300 underline hover:text-rose-200"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${comment.author}’s comment`}
      >
        Delete
      </button>
      <RemoveDialog
        open={open}
        kind="comment"
        author={comment.author}
        needsReason={!own}
        onCancel={() => setOpen(false)}
        onRemove={(reason) => {
          setOpen(false);
          remove.mutate(
            { id: comment._id, ...(reason ? { reason } : {}) },
            {
              onSuccess: ({ message }) => notify.success(message),
              onError: (error) => notify.error(communityError(error, 'Could not delete it')),
            },
          );
        }}
      />
    </>
  );
}

/** Above the comments: the write box, or why there is none. */
function Composer({
  community,
  betId,
  muted,
}: {
  community: CommunityDetailDto;
  betId: string;
  muted: boolean;
}) {
  const comment = useBetCommentMutation(community.slug, betId);
  const { membership } = community;
  if (!membership) return <JoinFirst act="comment" />;
  if (muted && membership.mutedUntil)
    return (
      <p role="status" data-testid="muted-notice" className="text-amber-100">
        You are muted until {formatDateTime(membership.mutedUntil)}. You can read the comments but
        not write one.
      </p>
    );
  return (
    <WriteBox
      formLabel="Comment on this bet"
      label="Write a comment"
      submitLabel="Comment"
      rows={2}
      send={(body) => comment.mutateAsync(body)}
    />
  );
}

/** A bet's discussion: each comment shows where its author stands on the bet now. */
export function BetComments({
  community,
  betId,
}: {
  community: CommunityDetailDto;
  betId: string;
}) {
  const { user } = useSession();
  const comments = useBetComments(community.slug, betId);
  const { membership } = community;
  const muted = useMuted(membership?.mutedUntil ?? null);
  const moderates = membership !== null && membership.role !== 'member';
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  function body() {
    if (comments.isPending) return <LoadingState>Loading the comments…</LoadingState>;
    if (comments.error && !comments.isFetchNextPageError)
      return (
        <ErrorBanner>{errorMessage(comments.error, 'Failed to load the comments')}</ErrorBanner>
      );
    if (list.length === 0) return <EmptyState>No comments yet — make your case</EmptyState>;
    return (
      <>
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {list.map((c) => (
            <li
              key={c._id}
              data-testid="bet-comment"
              className="flex min-w-0 flex-col gap-1 border-l-2 border-white/10 pl-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Byline item={c} />
                <span className="flex flex-wrap items-center gap-2">
                  <Position position={c.position} />
                  <RemoveButton
                    slug={community.slug}
                    betId={betId}
                    comment={c}
                    me={user?.username ?? null}
                    moderates={moderates}
                  />
                </span>
              </div>
              <RichText body={c.body} mentions={c.mentions} />
            </li>
          ))}
        </ul>
        <ShowMore query={comments} what="comments" />
      </>
    );
  }

  return (
    <section aria-labelledby="bet-comments-heading" className="card flex flex-col gap-4">
      <h2 id="bet-comments-heading" className="section-title">
        Comments
      </h2>
      {body()}
      <Composer community={community} betId={betId} muted={muted} />
    </section>
  );
}
