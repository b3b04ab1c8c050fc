import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import {
  REPORT_TARGET_TYPES,
  reportTargetTypes,
  type ReportTargetType,
} from '../../../../shared/reports';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { SelectField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/errorMessages';
import { useAdminResolve } from '../mutations';
import { useAdminReports } from '../queries';
import { ReportCard } from './ReportCard';

/** The admin panel's report queue: open ones oldest first, or resolved ones; by kind of target. */
export function AdminReports() {
  const ids = useId();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [targetType, setTargetType] = useState<ReportTargetType | ''>('');
  const reports = useAdminReports(status, targetType);
  const resolve = useAdminResolve();
  const list = reports.data?.pages.flatMap((p) => p.reports) ?? [];

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id={`${ids}-heading`} className="section-title mr-auto">
          <Flag className="mr-1.5" />
          Reports
        </h2>
        <SelectField
          id={`${ids}-status`}
          label="Status"
          value={status}
          onValueChange={(v) => setStatus(v as 'open' | 'resolved')}
        >
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
        </SelectField>
        <SelectField
          id={`${ids}-type`}
          label="Kind"
          value={targetType}
          onValueChange={(v) => setTargetType(v as ReportTargetType | '')}
        >
          <option value="">Everything</option>
          {reportTargetTypes.map((t) => (
            <option key={t} value={t}>
              {REPORT_TARGET_TYPES[t]}
            </option>
          ))}
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
              <ReportCard key={r._id} report={r} resolver={resolve} />
            ))}
          </ul>
          <ShowMore query={reports} what="reports" />
        </>
      )}
    </section>
  );
}
