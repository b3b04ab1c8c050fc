import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';

/** "Delete this post?", with the reason a moderator must give when it is someone else's. */
export function RemoveDialog({
  open,
  kind,
  author,
  needsReason,
  onCancel,
  onRemove,
}: {
  open: boolean;
  kind: 'post' | 'comment';
  author: string;
  needsReason: boolean;
  onCancel: () => void;
  onRemove: (reason: string | null) => void;
}) {
  const ids = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (needsReason && reason.trim() === '')
      return setProblem('Give a reason: it goes in the moderation log.');
    onRemove(needsReason ? reason.trim() : null);
    setReason('');
    setProblem(null);
  }

  return (
    <Modal
      open={open}
      role="alertdialog"
      tone="danger"
      title={`Delete ${needsReason ? `${author}’s` : 'your'} ${kind}?`}
      description={
        needsReason ? 'Your reason goes in the moderation log, which members can read.' : undefined
      }
      onClose={onCancel}
      initialFocus={needsReason ? undefined : cancel}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {needsReason && (
          <TextField
            id={`${ids}-reason`}
            label="Reason"
            value={reason}
            onValueChange={setReason}
            maxLength={500}
            autoComplete="off"
            required
            error={problem}
          />
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button ref={cancel} type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-danger">
            Delete
          </button>
        </div>
      </form>
    </Modal>
  );
}
