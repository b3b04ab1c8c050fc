import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { ResetLinkDto } from '../../../../shared/api/recovery';
import { errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useResetLinkMutation } from '../mutations';

/**
 * A one-hour, single-use password reset link for the selected user, for the admin to pass on
 * by hand (there is no e-mail to send it by). Shown once: the server keeps only its hash.
 */
export function ResetLink({ username }: { username: string }) {
  const issue = useResetLinkMutation();
  const [link, setLink] = useState<(ResetLinkDto & { username: string }) | null>(null);
  const url = link ? `${window.location.origin}${link.path}` : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied');
    } catch {
      notify.error('Copying was refused: select the link and copy it by hand');
    }
  }

  return (
    <div className="flex flex-col gap-2 border-t border-white/10 pt-4">
      <button
        type="button"
        className="btn-secondary min-h-11 self-start"
        disabled={username === '' || issue.isPending}
        onClick={() =>
          issue.mutate(username, {
            onSuccess: (answer) => setLink({ ...answer, username }),
            onError: (error) => notify.error(errorMessage(error, 'Could not make a reset link')),
          })
        }
      >
        <KeyRound aria-hidden="true" />
        {username === '' ? 'Reset link (choose a user)' : `Reset link for ${username}`}
      </button>
      {link && (
        <div role="status" className="flex flex-col gap-2 text-sm text-slate-300">
          <p>
            Give this to {link.username} yourself. It works once, until{' '}
            {formatDateTime(link.expiresAt)}.
          </p>
          <code data-testid="reset-link" className="break-all text-amber-200 select-all">
            {url}
          </code>
          <button
            type="button"
            className="btn-secondary min-h-11 self-start"
            onClick={() => void copy()}
          >
            Copy link
          </button>
        </div>
      )}
    </div>
  );
}
