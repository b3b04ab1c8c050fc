import { ShowMore } from '../../../components/ShowMore';
import { useId, useState } from 'react';
import type { AdminLogDto } from '../../../../shared/api/admin';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { useAdminLogs } from '../queries';
import { ClipboardList } from 'lucide-react';

function LogEntry({ log }: { log: AdminLogDto }) {
  return (
    <li
      data-testid="admin-log"
      className="rounded-xl border border-white/10 bg-white/5 p-3 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-amber-200">{log.action}</span>
        <time dateTime={log.timestamp} className="text-xs text-slate-400">
          {formatDateTime(log.timestamp)}
        </time>
      </div>
      {log.details && <p className="mt-1 break-words text-slate-200">{log.details}</p>}
      <p className="mt-1 text-xs text-slate-400">
        Admin: <span className="text-slate-200">{log.admin ?? '—'}</span> · Target:{' '}
        <span className="text-slate-200">{log.target ?? '—'}</span>
      </p>
    </li>
  );
}

export function AdminLogs() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const logs = useAdminLogs(open);
  const entries = logs.data?.pages.flat() ?? [];
  // Loading the next page is not a refresh of the ones already listed.
  const refreshing = logs.isFetching && !logs.isFetchingNextPage;

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`${ids}-heading`} className="section-title mr-auto">
          <ClipboardList className="mr-1.5" />
          Admin Logs
        </h2>
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={open}
          aria-controls={`${ids}-list`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setOpen(true);
            void logs.refetch();
          }}
          disabled={logs.isFetching}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>

      {open && (
        <div id={`${ids}-list`}>
          {logs.isPending ? (
            <LoadingState>Loading logs…</LoadingState>
          ) : logs.isError && entries.length === 0 ? (
            <ErrorBanner>{errorMessage(logs.error, 'Failed to load logs')}</ErrorBanner>
          ) : entries.length === 0 ? (
            <EmptyState>No admin actions logged yet</EmptyState>
          ) : (
            <>
              {/* Focusable, so the keyboard can scroll it (its entries hold nothing focusable). */}
              <ul
                tabIndex={0}
                aria-label="Admin log entries"
                className="flex h-96 flex-col gap-2 overflow-y-auto pr-1"
              >
                {entries.map((log) => (
                  <LogEntry key={log._id} log={log} />
                ))}
              </ul>
              <ShowMore query={logs} what="logs" className="mt-3" />
            </>
          )}
        </div>
      )}
    </section>
  );
}
