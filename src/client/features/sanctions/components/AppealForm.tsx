import { useId, useState, type SubmitEvent } from 'react';
import { SANCTION_TEXT_MAX } from '../../../../shared/sanctions';
import { TextAreaField } from '../../../components/TextField';
import { errorField, errorMessage } from '../../../lib/errorMessages';

interface AppealFormProps {
  pending: boolean;
  error: unknown;
  onSend: (text: string) => void;
}

/** The text of an appeal: sent once, so the button says so. */
export function AppealForm({ pending, error, onSend }: AppealFormProps) {
  const ids = useId();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const refused = error ? errorMessage(error, 'The appeal could not be sent') : null;
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    onSend(text.trim());
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label="Appeal">
      <TextAreaField
        id={`${ids}-text`}
        label="Why should it be lifted?"
        rows={4}
        maxLength={SANCTION_TEXT_MAX}
        value={text}
        onValueChange={setText}
        hint="You can appeal each sanction once; an admin answers it."
        error={
          empty
            ? 'Write why it should be lifted.'
            : errorField(error) === 'text'
              ? refused
              : undefined
        }
      />
      {refused && errorField(error) !== 'text' && (
        <p role="alert" className="text-sm text-rose-300">
          {refused}
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={pending}>
        {pending ? 'Sending…' : 'Send appeal'}
      </button>
    </form>
  );
}
