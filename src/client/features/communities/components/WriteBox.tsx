import { useId, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { COMMUNITY_POST_MAX } from '../../../../shared/communities';
import { TextAreaField } from '../../../components/TextField';
import { communityError } from '../mutations';

/**
 * A text box for a post or a comment, with a counter of what is left. `send` resolves once
 * the server took it (the box empties) and rejects with the refusal, shown under the box;
 * Ctrl+Enter sends too.
 */
export function WriteBox({
  formLabel,
  label,
  submitLabel,
  rows = 3,
  send,
}: {
  /** Names the form for screen readers ('Post to Night Owls'); `label` is the box's short label. */
  formLabel: string;
  label: string;
  submitLabel: string;
  rows?: number;
  send: (body: string) => Promise<unknown>;
}) {
  const ids = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const left = COMMUNITY_POST_MAX - body.length;

  async function submit() {
    if (sending) return;
    const text = body.trim();
    if (text === '') return setProblem('Write something first.');
    if (text.length > COMMUNITY_POST_MAX)
      return setProblem(`Keep it to ${COMMUNITY_POST_MAX} characters.`);
    setProblem(null);
    setSending(true);
    try {
      await send(text);
      setBody('');
    } catch (error) {
      setProblem(communityError(error, 'Could not send it'));
    } finally {
      setSending(false);
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form aria-label={formLabel} onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <TextAreaField
        id={`${ids}-body`}
        label={label}
        value={body}
        onValueChange={setBody}
        onKeyDown={onKeyDown}
        rows={rows}
        maxLength={COMMUNITY_POST_MAX}
        error={problem}
        aria-describedby={`${ids}-count`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${ids}-count`}
          className={`text-xs ${left < 100 ? 'text-amber-300' : 'text-slate-400'}`}
        >
          {body.length.toLocaleString('en-US')} / {COMMUNITY_POST_MAX.toLocaleString('en-US')}
        </p>
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
