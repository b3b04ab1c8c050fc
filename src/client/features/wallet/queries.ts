import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

const LEDGER_PAGE_SIZE = 50;

export const walletKeys = {
  all: ['wallet'] as const,
  ledger: (token: string | null) => ['wallet', 'ledger', token] as const,
};

/** The signed-in user's statement, newest first, paged backwards with `nextBefore`. */
export function useLedger() {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: walletKeys.ledger(token),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/user/ledger', {
        query: { before: pageParam ?? undefined, limit: LEDGER_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: token !== null,
  });
}
