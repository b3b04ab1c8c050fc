import { useId, useRef, useState, type SubmitEvent } from 'react';
import { MAX_ODDS, MIN_ODDS } from '../../../../../shared/odds';
import { errorMessage } from '../../../../lib/api';
import { useCreateBetMutation, type CreateBetInput } from '../../mutations';

interface OptionDraft {
  key: number;
  text: string;
  odds: string;
}

interface Draft {
  title: string;
  description: string;
  endTime: string;
  options: OptionDraft[];
}

const emptyDraft = (): Draft => ({
  title: '',
  description: '',
  endTime: '',
  options: [
    { key: 0, text: '', odds: '' },
    { key: 1, text: '', odds: '' },
  ],
});

/** Spec section 5 'Create bet': the required fields, or null when one of them is missing. */
function toCreateBetInput(draft: Draft): CreateBetInput | null {
  const first = draft.options[0];
  // datetime-local has no zone: it is read as the admin's local time, then sent as an instant.
  const end = draft.endTime === '' ? Number.NaN : new Date(draft.endTime).getTime();
  if (draft.title.trim() === '' || Number.isNaN(end) || !first || first.text.trim() === '' || first.odds.trim() === '') {
    return null;
  }
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    endTime: new Date(end).toISOString(),
    // Rows left entirely blank are spare rows, not options; half-filled ones go to the server to judge.
    options: draft.options
      .filter((option) => option.text.trim() !== '' || option.odds.trim() !== '')
      .map((option) => ({ text: option.text.trim(), odds: Number(option.odds) })),
  };
}

function failureText(error: unknown): string {
  return errorMessage(error, error instanceof Error ? error.message : 'Bet creation failed');
}

export function CreateBetForm() {
  const ids = useId();
  const create = useCreateBetMutation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const nextKey = useRef(2);

  function setOption(key: number, change: Partial<OptionDraft>) {
    setDraft((current) => ({
      ...current,
      options: current.options.map((option) => (option.key === key ? { ...option, ...change } : option)),
    }));
  }

  function addOption() {
    const key = nextKey.current++;
    setDraft((current) => ({ ...current, options: [...current.options, { key, text: '', odds: '' }] }));
  }

  function removeOption(key: number) {
    setDraft((current) => ({ ...current, options: current.options.filter((option) => option.key !== key) }));
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toCreateBetInput(draft);
    if (!input) {
      window.alert('Fill in all required bet fields');
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        window.alert('Bet created');
        setDraft(emptyDraft());
      },
      onError: (error) => window.alert(failureText(error)),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <span aria-hidden="true">🆕 </span>Create Bet
      </h2>
      {/* noValidate: the spec's own alert, not the browser's bubbles, reports missing fields. */}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <div>
          <label htmlFor={`${ids}-title`} className="label">
            Bet title
          </label>
          <input
            id={`${ids}-title`}
            className="input"
            maxLength={120}
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-description`} className="label">
            Bet description
          </label>
          <textarea
            id={`${ids}-description`}
            className="input min-h-20"
            maxLength={2000}
            value={draft.description}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-end`} className="label">
            End time
          </label>
          <input
            id={`${ids}-end`}
            type="datetime-local"
            className="input"
            value={draft.endTime}
            onChange={(event) => setDraft({ ...draft, endTime: event.target.value })}
          />
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="label">Options</legend>
          {draft.options.map((option, index) => (
            <div key={option.key} data-testid="create-bet-option" className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <label htmlFor={`${ids}-text-${option.key}`} className="sr-only">
                  Option {index + 1} text
                </label>
                <input
                  id={`${ids}-text-${option.key}`}
                  className="input"
                  placeholder={`Option ${index + 1}`}
                  maxLength={100}
                  value={option.text}
                  onChange={(event) => setOption(option.key, { text: event.target.value })}
                />
              </div>
              <div className="w-24 shrink-0">
                <label htmlFor={`${ids}-odds-${option.key}`} className="sr-only">
                  Option {index + 1} odds
                </label>
                <input
                  id={`${ids}-odds-${option.key}`}
                  type="number"
                  inputMode="decimal"
                  min={MIN_ODDS}
                  max={MAX_ODDS}
                  step={0.01}
                  className="input"
                  placeholder="Odds"
                  value={option.odds}
                  onChange={(event) => setOption(option.key, { odds: event.target.value })}
                />
              </div>
              <button
                type="button"
                className="btn-secondary shrink-0 px-3"
                onClick={() => removeOption(option.key)}
                disabled={draft.options.length <= 1}
                aria-label={`Remove option ${index + 1}`}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </div>
          ))}
          <button type="button" className="btn-secondary self-start" onClick={addOption}>
            <span aria-hidden="true">+</span>Add option
          </button>
        </fieldset>

        <button type="submit" className="btn-primary py-2.5" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create Bet'}
        </button>
      </form>
    </section>
  );
}
