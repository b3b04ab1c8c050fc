import { errorMessage } from '../lib/errorMessages';
import { ErrorBanner } from './States';

/** The part of an infinite query that loading its next page needs. */
export interface NextPage {
  error: Error | null;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Under a list that may go on: a banner when the next page failed ('Failed to load more
 * {what}'), and the button that loads it, disabled while it loads. `shown` narrows when the
 * button appears (default: while there is a next page).
 */
export function ShowMore({
  query,
  what,
  shown = query.hasNextPage,
  className = '',
}: {
  query: NextPage;
  what: string;
  shown?: boolean;
  className?: string;
}) {
  return (
    <>
      {query.isFetchNextPageError && (
        <div className={className}>
          <ErrorBanner>{errorMessage(query.error, `Failed to load more ${what}`)}</ErrorBanner>
        </div>
      )}
      {shown && (
        <button
          type="button"
          className={`btn-secondary w-full ${className}`}
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </>
  );
}
