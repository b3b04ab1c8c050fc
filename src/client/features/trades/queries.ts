import { useLiveConnected } from '../../lib/liveSocket';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const tradeKeys = {
  all: ['trades'] as const,
  list: (token: string | null) => ['trades', 'list', token] as const,
  inventory: (token: string | null) => ['trades', 'inventory', token] as const,
};

/**
 * Until live pushes reach the client, the other party's moves arrive by polling; the spec sets
 * no interval for trades, so this one is short enough for a trade done by two people at once.
 */
/** Polling only while the live socket is down; with it, trade events refetch at once. */
const TRADE_POLL_MS = 5_000;

export function useTrades() {
  const { token } = useSession();
  const live = useLiveConnected();
  return useQuery({
    queryKey: tradeKeys.list(token),
    queryFn: ({ signal }) => api('GET /api/trades', { signal }),
    enabled: token !== null,
    refetchInterval: live ? false : TRADE_POLL_MS,
  });
}

/** The signed-in user's items with the units already locked in active trades. */
export function useTradableInventory() {
  const { token } = useSession();
  const live = useLiveConnected();
  return useQuery({
    queryKey: tradeKeys.inventory(token),
    queryFn: ({ signal }) => api('GET /api/trades/inventory', { signal }),
    enabled: token !== null,
    refetchInterval: live ? false : TRADE_POLL_MS,
  });
}
