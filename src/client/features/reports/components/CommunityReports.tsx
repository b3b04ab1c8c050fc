import { useId, useState } from 'react';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { SelectField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { reportError, useEscalate, useModeratorResolve } from '../mutations';
import { useCommunityReports } from '../queries';
import { ReportCard } from './ReportCard';

/**
 * A community's Reports tab, for its moderators: reports on its posts and comments, which they
 * resolve or hand to the admins (after 24 hours they go there by themselves).
 */
export function CommunityReports({ slug }: { slug: string }) {
  const ids = useId();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const reports = useCommunityReports(slug, status);
  const resolve = useModeratorResolve(slug);
  const escalate = useEscalate(slug);
  const list = reports.data?.pages.flatMap((p) => p.reports) ?? [];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <p className="mr-auto text-sm text-slate-400">
          Reports on posts and comments here. Unresolved after 24 hours, they go to the site’s
          admins.
        </p>
        <SelectField
          id={`${ids}-status`}
          label="Status"
          value={status}
          onValueChange={(v) => setStatus(v as 'open' | 'resolved')}
        >
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
        </SelectField>
      </div>
      {reports.isPending ? (
        <LoadingState>Loading reports…</LoadingState>
      ) : reports.isError && list.length === 0 ? (
        <ErrorBanner>{errorMessage(reports.error, 'Failed to load reports')}</ErrorBanner>
      ) : list.length === 0 ? (
        <EmptyState>{status === 'open' ? 'No open reports' : 'No resolved reports yet'}</EmptyState>
      ) : (
        <>
          <ul aria-label="Reports" className="flex flex-col gap-2">
            {list.map((r) => (
              <ReportCard
                key={r._id}
                report={r}
                resolver={r.queue === 'moderators' ? resolve : null}
                onEscalate={
                  r.queue === 'moderators' && r.status === 'open'
                    ? () =>
                        escalate.mutate(r._id, {
                          onSuccess: () => notify.success('Handed on to the site admins'),
                          onError: (e) => notify.error(reportError(e, 'Could not hand it on')),
                        })
                    : null
                }
              />
            ))}
          </ul>
          <ShowMore query={reports} what="reports" />
        </>
      )}
    </div>
  );
}
