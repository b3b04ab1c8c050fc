import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; only flaky networks and 5xx deserve a retry.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < MAX_RETRIES,
        staleTime: 10_000,
      },
      // TanStack's default holds a mutation made offline and fires it when the connection comes
      // back, maybe minutes later at other odds. A money action must fail at once and never
      // replay on its own: 'always' sends it now and lets it fail as a connection error.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
