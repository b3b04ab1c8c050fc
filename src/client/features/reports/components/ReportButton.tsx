import { Flag } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { SelectField, TextAreaField } from '../../../components/TextField';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  reportReasons,
  type ReportReason,
  type ReportTargetType,
} from '../../../../shared/reports';
import { reportError, useFileReport } from '../mutations';

/**
 * A small "Report" action beside a thing's other actions (profiles, services, posts, comments,
 * bets, communities): a dialog with the reason and details. Signed-in players only.
 */
export function ReportButton({
  targetType,
  targetId,
  label,
  className,
}: {
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the dialog's title ("Report Fred's post"). */
  label?: string;
  className?: string;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // Nobody reports themselves (the server refuses it too).
  if (!user || (targetType === 'user' && user._id === targetId)) return null;
  const what = REPORT_TARGET_TYPES[targetType];
  return (
    <>
      <button
        type="button"
        className={
          className ??
          'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-slate-400 hover:bg-slate-800 hover:text-rose-200 sm:min-h-8'
        }
        aria-label={`Report this ${what}`}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden className="size-3.5" />
        Report
      </button>
      {open && (
        <ReportDialog
          targetType={targetType}
          targetId={targetId}
          title={`Report ${label ? `“${label}”` : `this ${what}`}`}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function ReportDialog({
  targetType,
  targetId,
  title,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: string;
  title: string;
  onClose: () => void;
}) {
  const ids = useId();
  const file = useFileReport();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    file.mutate(
      { targetType, targetId, reason, details: details.trim() },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      title={title}
      description="Moderators read your report; the person you report does not see who sent it."
      onClose={onClose}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Report">
        <SelectField
          id={`${ids}-reason`}
          label="Reason"
          value={reason}
          onValueChange={(v) => setReason(v as ReportReason)}
        >
          {reportReasons.map((r) => (
            <option key={r} value={r}>
              {REPORT_REASONS[r]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id={`${ids}-details`}
          label="Details (optional)"
          value={details}
          onValueChange={setDetails}
          maxLength={REPORT_DETAILS_MAX}
          rows={4}
          hint={`What happened, in up to ${REPORT_DETAILS_MAX.toLocaleString('en-US')} characters`}
        />
        {file.error && (
          <p
            role="alert"
            className="rounded-xl border border-rose-500/60 bg-rose-950/70 px-3 py-2 text-sm text-rose-100"
          >
            {reportError(file.error, 'The report could not be sent')}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-danger" disabled={file.isPending}>
            {file.isPending ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
