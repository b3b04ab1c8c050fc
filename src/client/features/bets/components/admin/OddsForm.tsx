import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { MAX_ODDS, MIN_ODDS } from '../../../../../shared/odds';
import { TextField } from '../../../../components/TextField';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../../lib/errorMessages';
import { notify } from '../../../../lib/toast';

interface OddsMutation {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * An option's odds, edited in place: the admin's bets and a community's moderators use it, each
 * with its own mutation. `about` ends the control's names (" on Bet title"); `leading` goes
 * before the field. Keyed by the odds by its caller, so a saved change becomes the new draft.
 */
export function OddsForm({
  option,
  about = '',
  mutation,
  save,
  leading,
  className = 'flex items-center gap-1.5',
}: {
  option: { text: string; odds: number };
  about?: string;
  mutation: OddsMutation;
  save: (
    odds: number,
    handlers: { onSuccess: (r: { message: string }) => void; onError: (e: unknown) => void },
  ) => void;
  leading?: ReactNode;
  className?: string;
}) {
  const ids = useId();
  const [draft, setDraft] = useState(String(option.odds));

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const odds = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(odds)) {
      notify.error('Enter the new odds as a number');
      return;
    }
    save(odds, {
      onSuccess: (response) => notify.success(response.message),
      onError: (error) => notify.error(errorMessage(error, 'Odds update failed', CONNECTION_ERROR)),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      {leading}
      <TextField
        id={`${ids}-odds`}
        label={`Odds for ${option.text}${about}`}
        hideLabel
        type="number"
        inputMode="decimal"
        min={MIN_ODDS}
        max={MAX_ODDS}
        step={0.01}
        inputClassName="w-24 px-2 py-1 text-sm"
        value={draft}
        error={errorField(mutation.error) === 'odds'}
        onValueChange={(value) => {
          setDraft(value);
          mutation.reset();
        }}
      />
      <button
        type="submit"
        className="btn-secondary px-2.5 py-1 text-xs"
        disabled={mutation.isPending || Number(draft) === option.odds}
        aria-label={`Save ${option.text} odds${about}`}
      >
        {mutation.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
