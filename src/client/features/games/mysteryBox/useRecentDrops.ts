import { useRef, useState } from 'react';
import { useLiveMessage } from '../../../lib/liveSocket';
import { addToFeed, type Drop } from './mysteryBoxView';

export interface FeedDrop extends Drop {
  /** A key of this page's own: two drops can share every field. */
  id: number;
}

/**
 * Everyone's notable drops heard on the live socket while the page is open, newest first. The
 * server keeps no history of them: the feed starts empty on each visit.
 */
export function useRecentDrops(): FeedDrop[] {
  const [feed, setFeed] = useState<FeedDrop[]>([]);
  const seq = useRef(0);
  useLiveMessage('mysteryBox.drop', ({ payload }) => {
    seq.current += 1;
    const drop = { ...payload, id: seq.current };
    setFeed((current) => addToFeed(current, drop));
  });
  return feed;
}
