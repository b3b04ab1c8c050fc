import { useEffect, useState } from 'react';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePostMutation } from '../mutations';
import { useFeed } from '../queries';
import { PostCard, type FeedPowers } from './PostCard';
import { WriteBox } from './WriteBox';
import { JoinFirst } from './JoinFirst';

/** Whether a mute is still on; turns false by itself the moment it ends. */
export function useMuted(mutedUntil: string | null): boolean {
  const end = mutedUntil ? new Date(mutedUntil).getTime() : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = end - Date.now();
    if (left <= 0) return;
    // setTimeout takes at most 2^31-1 ms; a longer mute is re-checked on the next visit.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [end]);
  return end > now;
}

/** Above the feed: the post box, or why there is none. */
function Composer({ community, muted }: { community: CommunityDetailDto; muted: boolean }) {
  const post = usePostMutation(community.slug);
  const { membership } = community;
  if (!membership)
    return <JoinFirst act="post and comment" className="card text-sm text-slate-300" />;
  if (muted && membership.mutedUntil)
    return (
      <p role="status" data-testid="muted-notice" className="card text-amber-100">
        You are muted until {formatDateTime(membership.mutedUntil)}. You can read the feed but not
        post or comment.
      </p>
    );
  return (
    <div className="card">
      <WriteBox
        formLabel={`Post to ${community.name}`}
        label="Write a post"
        submitLabel="Post"
        send={(body) => post.mutateAsync(body)}
      />
    </div>
  );
}

export function Feed({ community }: { community: CommunityDetailDto }) {
  const { user } = useSession();
  const feed = useFeed(community.slug);
  const { membership } = community;
  const muted = useMuted(membership?.mutedUntil ?? null);
  const powers: FeedPowers = {
    me: user?.username ?? null,
    canWrite: membership !== null && !muted,
    moderates: membership !== null && membership.role !== 'member',
  };
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];

  function list() {
    if (feed.isPending) return <LoadingState>Loading the feed…</LoadingState>;
    if (feed.error && !feed.isFetchNextPageError)
      return <ErrorBanner>{errorMessage(feed.error, 'Failed to load the feed')}</ErrorBanner>;
    if (posts.length === 0) return <EmptyState>No posts yet — say hello</EmptyState>;
    return (
      <>
        <ul aria-label="Posts" className="flex flex-col gap-4">
          {posts.map((p) => (
            <PostCard key={p._id} slug={community.slug} post={p} powers={powers} />
          ))}
        </ul>
        <ShowMore query={feed} what="posts" />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Composer community={community} muted={muted} />
      {list()}
    </div>
  );
}
