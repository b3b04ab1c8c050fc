import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { ErrorBanner, LoadingState } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useRemoveEmailMutation, useSaveEmailMutation } from '../mutations';
import { useEmailAddress } from '../queries';

/** A refused send in words: a resend too soon says when the next may go. */
const sendError = (error: unknown): string =>
  error instanceof ApiError && error.status === 429 && error.serverMessage
    ? error.serverMessage
    : errorMessage(error, 'Could not send the confirmation link');

/**
 * The e-mail digest's address: add or change it (a confirmation link is mailed), see whether it
 * is confirmed, send the link again, remove it. A site without SMTP_URL says so instead.
 */
export function EmailSettings() {
  const ids = useId();
  const state = useEmailAddress();
  const save = useSaveEmailMutation();
  const removal = useRemoveEmailMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');

  const send = (email: string) =>
    save.mutate(email, {
      onSuccess: ({ message }) => {
        notify.success(message);
        setEditing(false);
        setDraft('');
      },
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.trim()) send(draft.trim());
  }

  function body() {
    if (state.isPending) return <LoadingState>Loading your e-mail settings…</LoadingState>;
    if (state.error)
      return (
        <ErrorBanner>
          {errorMessage(state.error, 'Failed to load your e-mail settings')}
        </ErrorBanner>
      );
    const { enabled, address } = state.data;
    if (!enabled)
      return (
        <p className="text-sm text-slate-400" data-testid="email-off">
          E-mail is not set up on this site: its operator has not configured a mail server, so
          notifications reach you in the inbox and by push only.
        </p>
      );
    const form = (
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow basis-64">
          <label htmlFor={`${ids}-email`} className="label">
            {address ? 'New address' : 'Your e-mail address'}
          </label>
          <input
            id={`${ids}-email`}
            type="email"
            className="input"
            autoComplete="email"
            maxLength={254}
            required
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Sending…' : 'Send confirmation link'}
        </button>
        {address && (
          <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        )}
      </form>
    );
    if (!address || editing) return form;
    return (
      <div className="flex flex-col gap-3">
        <p className="text-slate-200">
          <span className="font-semibold break-all">{address.email}</span>{' '}
          <span
            data-testid="email-status"
            className={address.confirmed ? 'text-emerald-300' : 'text-amber-200'}
          >
            {address.confirmed ? '· confirmed' : '· waiting for confirmation'}
          </span>
        </p>
        {!address.confirmed && (
          <p className="text-sm text-slate-400">
            Open the link we mailed to it (it works for 24 hours). Nothing else is sent until then.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {!address.confirmed && (
            <button
              type="button"
              className="btn-secondary"
              disabled={save.isPending}
              onClick={() => send(address.email)}
            >
              Send the link again
            </button>
          )}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setDraft('');
              setEditing(true);
            }}
          >
            Change address
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={removal.isPending}
            onClick={() =>
              removal.mutate(undefined, {
                onSuccess: ({ message }) => notify.success(message),
                onError: (error) => notify.error(errorMessage(error, 'Could not remove it')),
              })
            }
          >
            Remove
          </button>
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="card flex flex-col gap-4">
      <div>
        <h2 id={`${ids}-title`} className="section-title">
          <Mail className="mr-1.5" />
          E-mail digest
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          At most once a day, what stayed unread while you were away, for the kinds whose Email box
          is on below.
        </p>
      </div>
      {body()}
      {save.error && <ErrorBanner>{sendError(save.error)}</ErrorBanner>}
    </section>
  );
}
