import { useId, useState, type SubmitEvent } from 'react';
import type { CommunityInviteDto } from '../../../../shared/api/communities';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { communityError, useCreateInviteMutation } from '../mutations';
import { useInvites } from '../queries';

const inviteLink = (code: string) => `${window.location.origin}/c/join/${encodeURIComponent(code)}`;

function InviteRow({ invite }: { invite: CommunityInviteDto }) {
  const ids = useId();
  const link = inviteLink(invite.code);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Invite link copied');
    } catch {
      // No clipboard (an insecure address, a refused permission): select it to copy by hand.
      const field = document.getElementById(`${ids}-link`);
      if (field instanceof HTMLInputElement) field.select();
      notify.info('Copy the selected link');
    }
  }
  return (
    <li data-testid="community-invite" className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          id={`${ids}-link`}
          label="Invite link"
          value={link}
          onValueChange={() => undefined}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-56"
        />
        <button type="button" className="btn-secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="text-xs text-slate-400">
        Used {invite.uses} of {invite.maxUses} · expires {formatDateTime(invite.expiresAt)}
      </p>
    </li>
  );
}

export function InvitesTab({ slug }: { slug: string }) {
  const ids = useId();
  const invites = useInvites(slug);
  const create = useCreateInviteMutation(slug);
  const [maxUses, setMaxUses] = useState('1');
  const [hours, setHours] = useState('24');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const uses = Number(maxUses);
    const h = Number(hours);
    if (!Number.isInteger(uses) || uses < 1 || uses > 1000)
      return setProblem('Uses must be a whole number from 1 to 1000.');
    if (!Number.isInteger(h) || h < 1 || h > 720)
      return setProblem('Hours must be a whole number from 1 to 720 (30 days).');
    setProblem(null);
    create.mutate(
      { maxUses: uses, expiresInHours: h },
      {
        onSuccess: () => notify.success('Invite made'),
        onError: (error) => setProblem(communityError(error, 'Could not make an invite')),
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <form
        aria-label="Make an invite"
        onSubmit={onSubmit}
        noValidate
        className="card flex flex-wrap items-end gap-3"
      >
        <TextField
          id={`${ids}-uses`}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          label="Uses"
          value={maxUses}
          onValueChange={setMaxUses}
          className="w-28"
        />
        <TextField
          id={`${ids}-hours`}
          type="number"
          inputMode="numeric"
          min={1}
          max={720}
          label="Expires in (hours)"
          value={hours}
          onValueChange={setHours}
          className="w-40"
        />
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          Make invite
        </button>
        {problem && (
          <div className="basis-full">
            <ErrorBanner>{problem}</ErrorBanner>
          </div>
        )}
      </form>
      <section aria-label="Invites" className="card">
        {invites.isPending ? (
          <LoadingState>Loading invites…</LoadingState>
        ) : invites.error ? (
          <ErrorBanner>{errorMessage(invites.error, 'Failed to load invites')}</ErrorBanner>
        ) : invites.data.length === 0 ? (
          <EmptyState>No usable invites. Make one above.</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-white/10">
            {invites.data.map((invite) => (
              <InviteRow key={invite.code} invite={invite} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
