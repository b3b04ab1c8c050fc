import { useState } from 'react';
import { Link } from 'react-router';
import type { CommunityCommentDto, CommunityPostDto } from '../../../../shared/api/communities';
import { Avatar } from '../../../components/Avatar';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { communityError, useCommentMutation, useDeletePostMutation } from '../mutations';
import { RemoveDialog } from './RemoveDialog';
import { ReportButton } from '../../reports/public';

/** A post's first words, to name it in the report dialog. */
const excerpt = (body: string) => (body.length > 40 ? `${body.slice(0, 40)}…` : body);
import { RichText } from './RichText';
import { WriteBox } from './WriteBox';

/** What the reader may do here: write (a member not muted), and remove others' (moderators). */
export interface FeedPowers {
  me: string | null;
  canWrite: boolean;
  moderates: boolean;
}

/** Who wrote it and when; a bet's comments use it too. */
export function Byline({
  item,
}: {
  item: Pick<CommunityCommentDto, 'author' | 'authorImage' | 'createdAt'>;
}) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <Avatar src={item.authorImage} username={item.author} size="sm" />
      <Link
        to={`/profile/${encodeURIComponent(item.author)}`}
        className="min-w-0 font-semibold wrap-anywhere text-amber-200 hover:underline"
      >
        {item.author}
      </Link>
      <time dateTime={item.createdAt} className="text-xs text-slate-400">
        {formatDateTime(item.createdAt)}
      </time>
    </div>
  );
}

/** Remove: the author's own at once (after a yes), another's with a moderator's reason. */
function RemoveButton({
  slug,
  item,
  kind,
  powers,
}: {
  slug: string;
  item: CommunityCommentDto;
  kind: 'post' | 'comment';
  powers: FeedPowers;
}) {
  const remove = useDeletePostMutation(slug);
  const [open, setOpen] = useState(false);
  const own = powers.me !== null && powers.me.toLowerCase() === item.author.toLowerCase();
  if (!own && !powers.moderates) return null;
  return (
    <>
      <button
        type="button"
        className="text-xs font-semibold text-rose-300 underline hover:text-rose-200"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${item.author}’s ${kind}`}
      >
        Delete
      </button>
      <RemoveDialog
        open={open}
        kind={kind}
        author={item.author}
        needsReason={!own}
        onCancel={() => setOpen(false)}
        onRemove={(reason) => {
          setOpen(false);
          remove.mutate(
            { id: item._id, ...(reason ? { reason } : {}) },
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

function Comment({
  slug,
  comment,
  powers,
}: {
  slug: string;
  comment: CommunityCommentDto;
  powers: FeedPowers;
}) {
  return (
    <li
      data-testid="community-comment"
      className="flex flex-col gap-1 border-l-2 border-white/10 pl-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Byline item={comment} />
        <span className="flex items-center gap-2">
          <ReportButton targetType="comment" targetId={comment._id} label={excerpt(comment.body)} />
          <RemoveButton slug={slug} item={comment} kind="comment" powers={powers} />
        </span>
      </div>
      <RichText body={comment.body} mentions={comment.mentions} />
    </li>
  );
}

export function PostCard({
  slug,
  post,
  powers,
}: {
  slug: string;
  post: CommunityPostDto;
  powers: FeedPowers;
}) {
  const comment = useCommentMutation(slug);
  const [replying, setReplying] = useState(false);
  const hidden = post.commentCount - post.comments.length;
  return (
    <li data-testid="community-post" className="card flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Byline item={post} />
        <span className="flex items-center gap-2">
          <ReportButton targetType="post" targetId={post._id} label={excerpt(post.body)} />
          <RemoveButton slug={slug} item={post} kind="post" powers={powers} />
        </span>
      </div>
      <RichText body={post.body} mentions={post.mentions} />
      <div className="flex flex-col gap-2">
        <p className="text-xs text-slate-400">
          {post.commentCount === 0
            ? 'No comments yet'
            : `${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'}${
                hidden > 0 ? ` · showing the latest ${post.comments.length}` : ''
              }`}
        </p>
        {post.comments.length > 0 && (
          <ul aria-label="Comments" className="flex flex-col gap-3">
            {post.comments.map((c) => (
              <Comment key={c._id} slug={slug} comment={c} powers={powers} />
            ))}
          </ul>
        )}
        {powers.canWrite &&
          (replying ? (
            <WriteBox
              formLabel={`Comment on ${post.author}’s post`}
              label="Write a comment"
              submitLabel="Comment"
              rows={2}
              send={(body) => comment.mutateAsync({ postId: post._id, body })}
            />
          ) : (
            <button
              type="button"
              className="self-start text-sm font-semibold text-amber-300 underline hover:text-amber-200"
              onClick={() => setReplying(true)}
            >
              Comment
            </button>
          ))}
      </div>
    </li>
  );
}
