import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/errorMessages';
import { useSession } from '../../../lib/session';
import { CommunityCard } from '../components/CommunityCard';
import { CreateCommunityForm } from '../components/CreateCommunityForm';
import { useDirectory, type DirectorySort } from '../queries';

const SORTS: { value: DirectorySort; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'members', label: 'Members' },
  { value: 'new', label: 'New' },
];

/** Typing settles this long before the search runs, so each key press is not a request. */
const SEARCH_DELAY_MS = 300;

const sortOf = (value: string | null): DirectorySort =>
  SORTS.find((s) => s.value === value)?.value ?? 'active';

/** /communities: search and sort the directory (in the address, so a search can be shared), and start one. */
export function DirectoryPage() {
  const ids = useId();
  const { isAuthenticated } = useSession();
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get('sort'));
  const q = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  const directory = useDirectory(q, sort);

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(
      () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (typed.trim()) next.set('q', typed.trim());
            else next.delete('q');
            return next;
          },
          { replace: true },
        ),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  function pickSort(value: DirectorySort) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'active') next.delete('sort');
        else next.set('sort', value);
        return next;
      },
      { replace: true },
    );
  }

  const communities = directory.data?.pages.flatMap((page) => page.communities) ?? [];

  function results() {
    if (directory.isPending) return <LoadingState>Loading communities…</LoadingState>;
    if (directory.error && !directory.isFetchNextPageError)
      return (
        <ErrorBanner>{errorMessage(directory.error, 'Failed to load communities')}</ErrorBanner>
      );
    if (communities.length === 0)
      return (
        <EmptyState>
          {q ? `No community matches “${q}”.` : 'No active communities yet. Start the first one!'}
        </EmptyState>
      );
    return (
      <>
        <ul aria-label="Communities" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {communities.map((c) => (
            <CommunityCard key={c._id} community={c} />
          ))}
        </ul>
        <ShowMore query={directory} what="communities" />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Communities</h1>
        <p className="mt-1 text-slate-400">
          Crews with a feed, a treasury and their own rules. Find yours, or start one.
        </p>
      </header>

      <section aria-labelledby={`${ids}-find`} className="flex flex-col gap-4">
        <h2 id={`${ids}-find`} className="sr-only">
          Find a community
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            id={`${ids}-q`}
            type="search"
            label="Search communities"
            value={typed}
            onValueChange={setTyped}
            maxLength={60}
            autoComplete="off"
            className="min-w-0 flex-1 basis-56"
          />
          <div role="tablist" aria-label="Sort communities" className="flex gap-2">
            {SORTS.map((s) => (
              <button
                key={s.value}
                type="button"
                role="tab"
                aria-selected={sort === s.value}
                className={sort === s.value ? 'btn-primary' : 'btn-secondary'}
                onClick={() => pickSort(s.value)}
              >
                {s.label}
              </button>
            ))}
          </div>
        </div>
        <div
          role="tabpanel"
          aria-label={`${SORTS.find((s) => s.value === sort)?.label} communities`}
          className="flex flex-col gap-4"
        >
          {results()}
        </div>
      </section>

      {isAuthenticated ? (
        <CreateCommunityForm />
      ) : (
        <p className="card text-slate-300">
          Want your own?{' '}
          <Link
            to="/login"
            state={{ from: { pathname: '/communities', search: '', hash: '' } }}
            className="font-semibold text-amber-300 underline hover:text-amber-200"
          >
            Sign in
          </Link>{' '}
          to start a community.
        </p>
      )}
    </div>
  );
}
