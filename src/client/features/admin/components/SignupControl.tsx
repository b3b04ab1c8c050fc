import { Ticket, UserCheck } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCreateInvite, useDecideSignup, useRevokeInvite } from '../mutations';
import { useInviteCodes, usePendingSignups } from '../queries';
import { usePublicConfig } from '../../accounts/public';

/** Which REGISTRATION_MODE the server runs with, said where it matters to these sections. */
function ModeNote({ needs }: { needs: 'invite' | 'approval' }) {
  const mode = usePublicConfig().data?.registrationMode;
  if (!mode || mode === needs) return null;
  return (
    <p className="text-sm text-slate-400">
      Registration is {mode} here: this applies once the server runs with REGISTRATION_MODE=
      {needs}.
    </p>
  );
}

/** Invite codes for REGISTRATION_MODE=invite: make one, see the usable ones, revoke. */
export function InviteCodes() {
  const ids = useId();
  const invites = useInviteCodes();
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const [maxUses, setMaxUses] = useState('1');
  const [hours, setHours] = useState('72');

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { maxUses: Number(maxUses), expiresInHours: Number(hours) },
      { onSuccess: (invite) => notify.success(`Invite code ${invite.code} made`) },
    );
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <Ticket className="mr-1.5" />
        Invite codes
      </h2>
      <ModeNote needs="invite" />
      <form
        onSubmit={onSubmit}
        className="flex flex-wrap items-end gap-3"
        aria-label="New invite code"
      >
        <TextField
          id={`${ids}-uses`}
          label="Uses"
          type="number"
          min={1}
          value={maxUses}
          onValueChange={setMaxUses}
          className="w-24"
        />
        <TextField
          id={`${ids}-hours`}
          label="Valid for (hours)"
          type="number"
          min={1}
          value={hours}
          onValueChange={setHours}
          className="w-36"
        />
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          Make code
        </button>
      </form>
      {create.error && (
        <ErrorBanner>{errorMessage(create.error, 'Could not make a code')}</ErrorBanner>
      )}
      {invites.isPending ? (
        <LoadingState>Loading codes…</LoadingState>
      ) : invites.isError ? (
        <ErrorBanner>{errorMessage(invites.error, 'Failed to load invite codes')}</ErrorBanner>
      ) : invites.data.length === 0 ? (
        <EmptyState>No usable invite codes</EmptyState>
      ) : (
        <ul aria-label="Invite codes" className="flex flex-col gap-2">
          {invites.data.map((i) => (
            <li
              key={i.code}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-white/10 bg-white/5 p-3 text-sm"
            >
              <code className="font-mono break-all text-amber-200">{i.code}</code>
              <span className="text-slate-300">
                {i.uses}/{i.maxUses} used · until {formatDateTime(i.expiresAt)}
              </span>
              <button
                type="button"
                className="btn-secondary ml-auto"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(i.code, {
                    onSuccess: () => notify.success('Invite code revoked'),
                    onError: (e) => notify.error(errorMessage(e, 'Could not revoke it')),
                  })
                }
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Registrations waiting for approval (REGISTRATION_MODE=approval). */
export function PendingSignups() {
  const ids = useId();
  const signups = usePendingSignups();
  const decide = useDecideSignup();
  const list = signups.data?.pages.flatMap((p) => p.signups) ?? [];

  const act = (username: string, approve: boolean) =>
    decide.mutate(
      { username, approve },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (e) => notify.error(errorMessage(e, 'Could not decide it')),
      },
    );

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <UserCheck className="mr-1.5" />
        Sign-ups waiting for approval
      </h2>
      <ModeNote needs="approval" />
      {signups.isPending ? (
        <LoadingState>Loading sign-ups…</LoadingState>
      ) : signups.isError && list.length === 0 ? (
        <ErrorBanner>{errorMessage(signups.error, 'Failed to load sign-ups')}</ErrorBanner>
      ) : list.length === 0 ? (
        <EmptyState>Nobody is waiting</EmptyState>
      ) : (
        <>
          <ul aria-label="Waiting sign-ups" className="flex flex-col gap-2">
            {list.map((s) => (
              <li
                key={s._id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-white/10 bg-white/5 p-3 text-sm"
              >
                <span className="font-semibold break-all text-slate-100">{s.username}</span>
                <span className="text-xs text-slate-400">{formatDateTime(s.createdAt)}</span>
                <span className="ml-auto flex gap-2">
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={decide.isPending}
                    onClick={() => act(s.username, true)}
                  >
                    Approve
                  </button>
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={decide.isPending}
                    onClick={() => act(s.username, false)}
                  >
                    Decline
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <ShowMore query={signups} what="sign-ups" />
        </>
      )}
    </section>
  );
}
