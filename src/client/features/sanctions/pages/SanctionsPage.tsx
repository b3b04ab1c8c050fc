import type { SanctionDto } from '../../../../shared/api/sanctions';
import { SANCTION_SCOPES, untilText } from '../../../../shared/sanctions';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { AppealForm } from '../components/AppealForm';
import { useAppeal } from '../mutations';
import { useOwnSanctions } from '../queries';

function AppealState({ sanction }: { sanction: SanctionDto }) {
  const appeal = useAppeal();
  const a = sanction.appeal;
  if (!a)
    return (
      <AppealForm
        pending={appeal.isPending}
        error={appeal.error}
        onSend={(text) => appeal.mutate({ id: sanction._id, text })}
      />
    );
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-white/10 bg-white/5 p-3 text-sm">
      <p className="text-slate-300">
        You appealed on {formatDateTime(a.createdAt)}: “{a.text}”
      </p>
      {a.decision === null ? (
        <p role="status" className="text-amber-200">
          Waiting for an admin to answer.
        </p>
      ) : (
        <p className="text-slate-200">
          {a.decision === 'lifted' ? 'Granted' : 'Turned down'} by {a.decidedBy ?? 'an admin'}: “
          {a.reply}”
        </p>
      )}
    </div>
  );
}

/** /sanctions: the player's sanctions in force, each with its appeal (issue 39). */
export function SanctionsPage() {
  const sanctions = useOwnSanctions();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="font-display text-3xl font-bold text-white">Sanctions</h1>
      {sanctions.isPending ? (
        <LoadingState>Loading your sanctions…</LoadingState>
      ) : sanctions.isError ? (
        <ErrorBanner>{errorMessage(sanctions.error, 'Failed to load your sanctions')}</ErrorBanner>
      ) : sanctions.data.length === 0 ? (
        <EmptyState>No sanctions on your account. Keep it that way!</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {sanctions.data.map((s) => (
            <li key={s._id} className="card flex flex-col gap-3" data-testid="own-sanction">
              <h2 className="section-title">{SANCTION_SCOPES[s.scope].label}</h2>
              <p className="text-slate-200">
                You may not use {SANCTION_SCOPES[s.scope].covers} {untilText(s.endsAt)}.
              </p>
              <p className="wrap-anywhere text-slate-300">Reason: {s.reason}</p>
              <p className="text-xs text-slate-400">
                Since {formatDateTime(s.createdAt)}
                {s.by ? `, by ${s.by}` : ''}
              </p>
              <AppealState sanction={s} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
