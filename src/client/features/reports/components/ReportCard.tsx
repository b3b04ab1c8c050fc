import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import type { ReportDto } from '../../../../shared/api/reports';
import {
  REPORT_ACTIONS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  reportActions,
  type ReportAction,
} from '../../../../shared/reports';
import { SelectField, TextField } from '../../../components/TextField';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { reportError, type ResolveInput } from '../mutations';

interface Acting {
  mutate: (
    input: ResolveInput & { id: string },
    options: { onSuccess: () => void; onError: (e: Error) => void },
  ) => void;
  isPending: boolean;
}

/** One report in a queue, with the form that resolves it (and, for moderators, hands it on). */
export function ReportCard({
  report,
  resolver,
  onEscalate,
}: {
  report: ReportDto;
  resolver: Acting | null;
  onEscalate?: (() => void) | null;
}) {
  const ids = useId();
  const [action, setAction] = useState<ReportAction>('dismissed');
  const [note, setNote] = useState('');

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    resolver?.mutate(
      { id: report._id, action, note: note.trim() },
      {
        onSuccess: () => notify.success('Report resolved: the reporter is told'),
        onError: (e) => notify.error(reportError(e, 'The report could not be resolved')),
      },
    );
  }

  const what = REPORT_TARGET_TYPES[report.targetType];
  return (
    <li
      data-testid="report"
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-3 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-rose-200">
          {REPORT_REASONS[report.reason]} · {what}
        </span>
        <time dateTime={report.createdAt} className="text-xs text-slate-400">
          {formatDateTime(report.createdAt)}
        </time>
      </div>
      <p className="break-words text-slate-100">
        {report.target.link ? (
          <Link to={report.target.link} className="text-amber-300 hover:underline">
            {report.target.label}
          </Link>
        ) : (
          report.target.label
        )}
        {report.community && <span className="text-slate-400"> in {report.community}</span>}
      </p>
      {report.details && (
        <p className="break-words whitespace-pre-wrap text-slate-300">“{report.details}”</p>
      )}
      <p className="text-xs text-slate-400">
        By <span className="text-slate-200">{report.reporter ?? 'a deleted account'}</span>
        {report.escalatedAt && <> · handed to the admins {formatDateTime(report.escalatedAt)}</>}
      </p>
      {report.resolution ? (
        <p className="text-xs text-emerald-200">
          {REPORT_ACTIONS[report.resolution.action]}
          {report.resolution.note && <> — {report.resolution.note}</>} (
          {report.resolution.by ?? '—'}, {formatDateTime(report.resolution.at)})
        </p>
      ) : (
        resolver && (
          <form
            onSubmit={onSubmit}
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            aria-label={`Resolve the report on ${report.target.label}`}
          >
            <SelectField
              id={`${ids}-action`}
              label="Action taken"
              value={action}
              onValueChange={(v) => setAction(v as ReportAction)}
              className="sm:w-56"
            >
              {reportActions.map((a) => (
                <option key={a} value={a}>
                  {a.replace('_', ' ')}
                </option>
              ))}
            </SelectField>
            <TextField
              id={`${ids}-note`}
              label="Note"
              value={note}
              onValueChange={setNote}
              maxLength={REPORT_NOTE_MAX}
              autoComplete="off"
              className="min-w-0 flex-1"
            />
            <div className="flex gap-2">
              <button type="submit" className="btn-primary" disabled={resolver.isPending}>
                Resolve
              </button>
              {onEscalate && (
                <button type="button" className="btn-secondary" onClick={onEscalate}>
                  To admins
                </button>
              )}
            </div>
          </form>
        )
      )}
    </li>
  );
}
