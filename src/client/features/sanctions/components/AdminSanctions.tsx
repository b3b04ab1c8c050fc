import { useId, useState, type SubmitEvent } from 'react';
import { Gavel } from 'lucide-react';
import type { SanctionDto } from '../../../../shared/api/sanctions';
import {
  SANCTION_HOURS_MAX,
  SANCTION_SCOPES,
  SANCTION_TEXT_MAX,
  sanctionScopes,
  untilText,
  type SanctionScope,
} from '../../../../shared/sanctions';
import { ConfirmDialog } from '../../../components/Modal';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { SelectField, TextAreaField, TextField } from '../../../components/TextField';
import { errorField, errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useImposeSanction, useLiftSanction } from '../mutations';
import { useAdminSanctions } from '../queries';

function SanctionForm() {
  const ids = useId();
  const impose = useImposeSanction();
  const [username, setUsername] = useState('');
  const [scope, setScope] = useState<SanctionScope>('posting');
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState('');
  const refused = errorField(impose.error);
  const message = impose.error ? errorMessage(impose.error, 'The sanction failed') : null;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const h = hours.trim() === '' ? undefined : Number(hours);
    impose.mutate(
      {
        username: username.trim(),
        scope,
        reason: reason.trim(),
        ...(h === undefined ? {} : { hours: h }),
      },
      {
        onSuccess: (made) => {
          notify.success(
            `${made.username}: ${SANCTION_SCOPES[made.scope].label.toLowerCase()} ${untilText(made.endsAt)}`,
          );
          setReason('');
          setHours('');
        },
      },
    );
  }

  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    impose.reset();
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3"
      aria-label="Sanction a player"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id={`${ids}-user`}
          label="Player"
          autoComplete="off"
          spellCheck={false}
          value={username}
          onValueChange={edit(setUsername)}
          error={refused === 'username' ? message : undefined}
        />
        <SelectField
          id={`${ids}-scope`}
          label="Scope"
          value={scope}
          onValueChange={(v) => setScope(v as SanctionScope)}
        >
          {sanctionScopes.map((s) => (
            <option key={s} value={s}>
              {SANCTION_SCOPES[s].label}: {SANCTION_SCOPES[s].covers}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        id={`${ids}-reason`}
        label="Reason (the player reads it)"
        rows={2}
        maxLength={SANCTION_TEXT_MAX}
        value={reason}
        onValueChange={edit(setReason)}
        error={refused === 'reason' ? message : undefined}
      />
      <TextField
        id={`${ids}-hours`}
        label="Hours"
        inputMode="numeric"
        value={hours}
        onValueChange={edit(setHours)}
        hint={`Empty: until lifted. At most ${SANCTION_HOURS_MAX}.`}
        error={refused === 'hours' ? message : undefined}
        className="sm:w-48"
      />
      {message && refused !== 'username' && refused !== 'reason' && refused !== 'hours' && (
        <p role="alert" className="text-sm text-rose-300">
          {message}
        </p>
      )}
      <button type="submit" className="btn-danger self-start" disabled={impose.isPending}>
        {impose.isPending ? 'Sanctioning…' : 'Sanction'}
      </button>
    </form>
  );
}

function SanctionRow({ sanction, onLift }: { sanction: SanctionDto; onLift: () => void }) {
  return (
    <li
      data-testid="admin-sanction"
      className="flex flex-wrap items-start gap-2 rounded-xl border border-white/10 bg-white/5 p-3 text-sm"
    >
      <div className="min-w-0 flex-1">
        <p className="wrap-anywhere font-semibold text-white">
          {sanction.username} · {SANCTION_SCOPES[sanction.scope].label}
        </p>
        <p className="wrap-anywhere text-slate-300">{sanction.reason}</p>
        <p className="text-xs text-slate-400">
          {formatDateTime(sanction.createdAt)}
          {sanction.by ? ` by ${sanction.by}` : ''} ·{' '}
          {sanction.status === 'active'
            ? untilText(sanction.endsAt)
            : sanction.status === 'lifted'
              ? `lifted${sanction.liftedBy ? ` by ${sanction.liftedBy}` : ''}`
              : 'ended'}
          {sanction.appeal
            ? ` · appealed${sanction.appeal.decision ? ` (${sanction.appeal.decision})` : ''}`
            : ''}
        </p>
      </div>
      {sanction.status === 'active' && (
        <button
          type="button"
          className="btn-secondary min-h-11 shrink-0 px-3 text-xs"
          aria-label={`Lift the sanction on ${sanction.username}`}
          onClick={onLift}
        >
          Lift
        </button>
      )}
    </li>
  );
}

/** The admin panel's Sanctions section: sanction a player, see and lift sanctions (issue 39). */
export function AdminSanctions() {
  const ids = useId();
  const [filter, setFilter] = useState('');
  const [status, setStatus] = useState<'active' | 'all'>('active');
  const list = useAdminSanctions(filter.trim(), status);
  const lift = useLiftSanction();
  const [lifting, setLifting] = useState<SanctionDto | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.sanctions) ?? [];

  function confirmLift() {
    const target = lifting;
    setLifting(null);
    if (!target) return;
    lift.mutate(target._id, {
      onSuccess: (done) => notify.success(done.message),
      onError: (error) => notify.error(errorMessage(error, 'The lift failed')),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <Gavel className="mr-1.5" />
        Sanctions
      </h2>
      <SanctionForm />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id={`${ids}-filter`}
          label="Player's sanctions"
          type="search"
          placeholder="All players"
          value={filter}
          onValueChange={setFilter}
          className="min-w-0 flex-1"
        />
        <SelectField
          id={`${ids}-status`}
          label="Show"
          value={status}
          onValueChange={(v) => setStatus(v as 'active' | 'all')}
          className="sm:w-40"
        >
          <option value="active">In force</option>
          <option value="all">All, with history</option>
        </SelectField>
      </div>
      {list.isPending ? (
        <LoadingState>Loading sanctions…</LoadingState>
      ) : list.isError ? (
        <ErrorBanner>{errorMessage(list.error, 'Failed to load sanctions')}</ErrorBanner>
      ) : rows.length === 0 ? (
        <EmptyState>No sanctions {status === 'active' ? 'in force' : 'yet'}.</EmptyState>
      ) : (
        <ul aria-label="Sanctions" className="flex flex-col gap-2">
          {rows.map((s) => (
            <SanctionRow key={s._id} sanction={s} onLift={() => setLifting(s)} />
          ))}
        </ul>
      )}
      <ShowMore query={list} what="sanctions" />
      <ConfirmDialog
        open={lifting !== null}
        question={`Lift the sanction on ${lifting?.username ?? ''}?`}
        details={lifting ? `${SANCTION_SCOPES[lifting.scope].label}: ${lifting.reason}` : undefined}
        confirmLabel="Lift"
        onConfirm={confirmLift}
        onCancel={() => setLifting(null)}
      />
    </section>
  );
}
