import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/session';
import { loadChunk } from './lazyChunk';

/**
 * Keeps the signed-in tab's live socket open and applies what it hears to the query cache. The
 * socket and its handlers (liveEvents.ts) load only once someone is signed in, so a visitor's
 * first screen does without them. If they fail to load, pages poll as with the socket down.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const navigate = useNavigate();
  // The latest navigate, so the socket is not reopened if its identity changes.
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  });

  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let ended = false;
    loadChunk(() => import('./liveEvents')).then(
      ({ followLive }) => {
        if (!ended) stop = followLive(queryClient, (to) => void latestNavigate.current(to));
      },
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [token, queryClient]);

  return null;
}
