import { useId, useState } from 'react';
import { Download, KeyRound } from 'lucide-react';
import { notify } from '../../../lib/toast';

/** A text file made in the browser: the codes never travel anywhere but to this page. */
function downloadCodes(username: string, codes: readonly string[]): void {
  const text = [
    `Fair & Square recovery codes for ${username}`,
    '',
    'Each code works once, to set a new password (Forgot password? on the sign-in page)',
    'or in place of your authenticator app at sign-in. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `fair-and-square-recovery-codes-${username}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns: the URL must outlive it a little.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface RecoveryCodesPanelProps {
  username: string;
  codes: readonly string[];
  /** "I saved them": the codes are not shown again. */
  onDone: () => void;
  doneLabel?: string;
  /** The panel's heading level: a page's own heading, or a section's. */
  heading?: 'h1' | 'h2' | 'h3';
}

/** New recovery codes, shown this once, with a download. */
export function RecoveryCodesPanel({
  username,
  codes,
  onDone,
  doneLabel = 'I saved them, continue',
  heading: Heading = 'h2',
}: RecoveryCodesPanelProps) {
  const ids = useId();
  const [saved, setSaved] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaved(true);
      notify.success('Codes copied');
    } catch {
      notify.error('Copying was refused: download them or write them down');
    }
  }

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      data-testid="recovery-codes"
      className="flex flex-col gap-4"
    >
      <Heading
        id={`${ids}-heading`}
        className="font-display flex items-center gap-2 text-xl font-extrabold text-white sm:text-2xl"
      >
        <KeyRound aria-hidden="true" /> Your recovery codes
      </Heading>
      <p className="text-slate-300">
        Forgot your password? Each of these codes sets a new one, once. They also stand in for an
        authenticator app if you turn on two-factor sign-in. Anyone holding one can take the
        account, so keep them private.{' '}
        <strong className="text-amber-200">This is the only time they are shown.</strong>
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-xl border border-white/10 bg-black/30 p-3 font-mono text-base text-white sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide whitespace-nowrap select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary min-h-11"
          onClick={() => {
            downloadCodes(username, codes);
            setSaved(true);
          }}
        >
          <Download aria-hidden="true" /> Download .txt
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={() => void copy()}>
          Copy
        </button>
        <button
          type="button"
          className={`${saved ? 'btn-primary' : 'btn-secondary'} min-h-11`}
          onClick={onDone}
        >
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
