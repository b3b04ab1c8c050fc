import { useId, useState, type SubmitEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { Radiation } from 'lucide-react';

interface NukeAccountDialogProps {
  open: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}

/** Asks for the password before the account is deleted; Escape or Cancel keeps it. */
export function NukeAccountDialog({
  open,
  pending,
  error,
  onCancel,
  onConfirm,
}: NukeAccountDialogProps) {
  const ids = useId();
  const [password, setPassword] = useState('');

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== '' && !pending) onConfirm(password);
  }

  function cancel() {
    setPassword('');
    onCancel();
  }

  return (
    <Modal
      open={open}
      tone="danger"
      title={
        <span className="text-rose-300">
          <Radiation className="mr-1.5" />
          Nuke your account?
        </span>
      }
      description="This deletes your account, coins and items for good. There is no undo button, not even a funny one. Enter your password to confirm."
      onClose={cancel}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          id={`${ids}-password`}
          label="Confirm password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error !== null}
          aria-describedby={error ? `${ids}-error` : undefined}
          onValueChange={setPassword}
        />
        {error && (
          <p
            id={`${ids}-error`}
            role="alert"
            className="rounded-xl border border-rose-500/50 bg-rose-950/60 px-3 py-2 text-sm text-rose-100"
          >
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="btn-danger" disabled={password === '' || pending}>
            {pending ? 'Nuking…' : 'Yes, nuke it'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
