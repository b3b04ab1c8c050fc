import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';

interface NukeAccountDialogProps {
  open: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}

/**
 * A native modal <dialog>: the browser traps focus, makes the page behind it inert and
 * turns Escape into a `cancel` event, which this maps to onCancel.
 */
export function NukeAccountDialog({ open, pending, error, onCancel, onConfirm }: NukeAccountDialogProps) {
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== '' && !pending) onConfirm(password);
  }

  function cancel() {
    setPassword('');
    onCancel();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-rose-500/40 bg-slate-900 p-6 text-slate-100 shadow-2xl backdrop:bg-black/70"
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <h2 id={`${ids}-title`} className="font-display text-2xl font-bold text-rose-300">
          <span aria-hidden="true">☢️ </span>Nuke your account?
        </h2>
        <p id={`${ids}-text`} className="text-sm text-slate-300">
          This deletes your account, coins and items for good. There is no undo button, not even a funny one. Enter
          your password to confirm.
        </p>
        <div>
          <label htmlFor={`${ids}-password`} className="label">
            Confirm password
          </label>
          <input
            id={`${ids}-password`}
            type="password"
            className="input"
            autoComplete="current-password"
            value={password}
            autoFocus
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="rounded-xl border border-rose-500/50 bg-rose-950/60 px-3 py-2 text-sm text-rose-100">
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
    </dialog>
  );
}
