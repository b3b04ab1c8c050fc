import { useId, useState, type SubmitEvent } from 'react';
import { sanctionActions } from '../../../../shared/communities';
import { Modal } from '../../../components/Modal';
import { ErrorBanner } from '../../../components/States';
import { SelectField, TextField } from '../../../components/TextField';
import { notify } from '../../../lib/toast';
import { communityError, useSanctionMutation } from '../mutations';

type Action = (typeof sanctionActions)[number];

const ACTION_TEXT: Record<Action, { label: string; hint: string }> = {
  mute: { label: 'Mute', hint: 'They stay a member and can read, but cannot post or comment.' },
  ban: { label: 'Ban', hint: 'Removed, and cannot join again until the ban ends.' },
  remove: { label: 'Remove', hint: 'Removed from the community; they may join again.' },
};

function done(username: string, action: Action, hours: number | undefined): string {
  const span = hours === undefined ? 'for good' : `for ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  if (action === 'mute') return `${username} is muted ${span}`;
  if (action === 'ban') return `${username} is banned ${span}`;
  return `${username} was removed`;
}

/** A moderator's mute, ban or removal of one member, with the reason the log keeps. */
export function SanctionDialog({
  slug,
  username,
  onClose,
}: {
  slug: string;
  /** The member to sanction; null keeps the dialog closed. */
  username: string | null;
  onClose: () => void;
}) {
  const ids = useId();
  const sanction = useSanctionMutation(slug);
  const [action, setAction] = useState<Action>('mute');
  const [hours, setHours] = useState('24');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field: 'hours' | 'reason' | null; text: string } | null>(
    null,
  );

  function close() {
    setProblem(null);
    setReason('');
    onClose();
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username || sanction.isPending) return;
    const h = hours.trim() === '' ? undefined : Number(hours);
    if (action === 'mute' && h === undefined)
      return setProblem({ field: 'hours', text: 'Say for how many hours.' });
    if (action !== 'remove' && h !== undefined && (!Number.isInteger(h) || h < 1 || h > 8760))
      return setProblem({ field: 'hours', text: 'Hours must be a whole number from 1 to 8760.' });
    if (reason.trim() === '')
      return setProblem({ field: 'reason', text: 'Give a reason: it goes in the moderation log.' });
    setProblem(null);
    sanction.mutate(
      {
        username,
        action,
        reason: reason.trim(),
        ...(action !== 'remove' && h !== undefined ? { hours: h } : {}),
      },
      {
        // The server's message names the end as a timestamp; this says it in hours.
        onSuccess: () => {
          notify.success(done(username, action, h));
          close();
        },
        onError: (error) =>
          setProblem({ field: null, text: communityError(error, 'Could not do that') }),
      },
    );
  }

  return (
    <Modal
      open={username !== null}
      title={`Sanction ${username ?? ''}`}
      description="Every sanction is in the moderation log, which members can read."
      onClose={close}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {problem?.field === null && <ErrorBanner>{problem.text}</ErrorBanner>}
        <div>
          <SelectField
            id={`${ids}-action`}
            label="Action"
            value={action}
            onValueChange={(v) => setAction(v as Action)}
            aria-describedby={`${ids}-action-hint`}
          >
            {sanctionActions.map((a) => (
              <option key={a} value={a}>
                {ACTION_TEXT[a].label}
              </option>
            ))}
          </SelectField>
          <p id={`${ids}-action-hint`} className="mt-1 text-xs text-slate-400">
            {ACTION_TEXT[action].hint}
          </p>
        </div>
        {action !== 'remove' && (
          <TextField
            id={`${ids}-hours`}
            type="number"
            inputMode="numeric"
            min={1}
            max={8760}
            label={action === 'mute' ? 'Hours' : 'Hours (empty: for good)'}
            value={hours}
            onValueChange={setHours}
            error={problem?.field === 'hours' ? problem.text : null}
          />
        )}
        <TextField
          id={`${ids}-reason`}
          label="Reason"
          value={reason}
          onValueChange={setReason}
          maxLength={500}
          autoComplete="off"
          required
          error={problem?.field === 'reason' ? problem.text : null}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-danger" disabled={sanction.isPending}>
            {ACTION_TEXT[action].label}
          </button>
        </div>
      </form>
    </Modal>
  );
}
