import { useId, useState } from 'react';
import { Scale } from 'lucide-react';
import type { AppealEntryDto } from '../../../../shared/api/sanctions';
import { SANCTION_SCOPES, SANCTION_TEXT_MAX, untilText } from '../../../../shared/sanctions';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { SelectField, TextAreaField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDecideAppeal } from '../mutations';
import { useAdminAppeals } from '../queries';

function AppealCard({ appeal }: { appeal: AppealEntryDto }) {
  const ids = useId();
  const decide = useDecideAppeal();
  const [reply, setReply] = useState('');
  const [empty, setEmpty] = useState(false);
  const { sanction } = appeal;

  function send(decision: 'upheld' | 'lifted') {
    if (reply.trim() === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    decide.mutate(
      { id: appeal._id, decision, reply: reply.trim() },
      {
        onSuccess: () =>
          notify.success(
            decision === 'lifted'
              ? `Lifted: ${appeal.username} is told`
              : `Kept: ${appeal.username} is told`,
          ),
      },
    );
  }

  return (
    <li
      data-testid="admin-appeal"
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-3 text-sm"
    >
      <p className="wrap-anywhere font-semibold text-white">
        {appeal.username} · {SANCTION_SCOPES[sanction.scope].label} {untilText(sanction.endsAt)}
      </p>
      <p className="wrap-anywhere text-slate-400">Reason: {sanction.reason}</p>
      <p className="wrap-anywhere text-slate-200">
        “{appeal.text}”{' '}
        <span className="text-xs text-slate-400">({formatDateTime(appeal.createdAt)})</span>
      </p>
      {appeal.decision === null ? (
        <>
          <TextAreaField
            id={`${ids}-reply`}
            label="Reply (the player reads it)"
            rows={2}
            maxLength={SANCTION_TEXT_MAX}
            value={reply}
            onValueChange={(v) => {
              setReply(v);
              decide.reset();
            }}
            error={empty ? 'Write a reply first.' : undefined}
          />
          {decide.error && (
            <p role="alert" className="text-rose-300">
              {errorMessage(decide.error, 'The decision failed')}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={decide.isPending}
              onClick={() => send('lifted')}
            >
              Lift sanction
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={decide.isPending}
              onClick={() => send('upheld')}
            >
              Keep sanction
            </button>
          </div>
        </>
      ) : (
        <p className="text-slate-300">
          {appeal.decision === 'lifted' ? 'Lifted' : 'Kept'} by {appeal.decidedBy ?? 'an admin'}: “
          {appeal.reply}”
        </p>
      )}
    </li>
  );
}

/** The admin panel's Appeals section: the queue of appeals to answer (issue 39). */
export function AdminAppeals() {
  const ids = useId();
  const [status, setStatus] = useState<'open' | 'decided'>('open');
  const appeals = useAdminAppeals(status);
  const rows = appeals.data?.pages.flatMap((p) => p.appeals) ?? [];
  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <Scale className="mr-1.5" />
        Appeals
      </h2>
      <SelectField
        id={`${ids}-status`}
        label="Show"
        value={status}
        onValueChange={(v) => setStatus(v as 'open' | 'decided')}
        className="sm:w-48"
      >
        <option value="open">Waiting for an answer</option>
        <option value="decided">Decided</option>
      </SelectField>
      {appeals.isPending ? (
        <LoadingState>Loading appeals…</LoadingState>
      ) : appeals.isError ? (
        <ErrorBanner>{errorMessage(appeals.error, 'Failed to load appeals')}</ErrorBanner>
      ) : rows.length === 0 ? (
        <EmptyState>
          {status === 'open' ? 'No appeal is waiting.' : 'No appeal decided yet.'}
        </EmptyState>
      ) : (
        <ul aria-label="Appeals" className="flex flex-col gap-2">
          {rows.map((a) => (
            <AppealCard key={a._id} appeal={a} />
          ))}
        </ul>
      )}
      <ShowMore query={appeals} what="appeals" />
    </section>
  );
}
