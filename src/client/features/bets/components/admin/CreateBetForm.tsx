import { useId, useRef, useState, type SubmitEvent } from 'react';
import { MAX_ODDS, MIN_ODDS } from '../../../../../shared/odds';
import {
  CONNECTION_ERROR,
  errorField,
  errorMessage,
  fieldKey,
} from '../../../../lib/errorMessages';
import { AlertDialog } from '../../../../components/Modal';
import { useCreateBetMutation, type CreateBetInput } from '../../mutations';
import { TextAreaField, TextField } from '../../../../components/TextField';
import { SquarePlus } from 'lucide-react';

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
  if (
    draft.title.trim() === '' ||
    Number.isNaN(end) ||
    !first ||
    first.text.trim() === '' ||
    first.odds.trim() === ''
  ) {
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
  return errorMessage(
    error,
    error instanceof Error ? error.message : 'Bet creation failed',
    CONNECTION_ERROR,
  );
}

/** Where a refusal points: a field of the draft, with the option row for option fields. */
interface Flagged {
  fields: Set<'title' | 'description' | 'endTime' | 'options'>;
  /** Option rows (by index) whose text or odds are refused. */
  optionText: Set<number>;
  optionOdds: Set<number>;
}

const NOTHING_FLAGGED: Flagged = {
  fields: new Set(),
  optionText: new Set(),
  optionOdds: new Set(),
};

/** Spec section 5: the required fields that are empty. */
function missingFields(draft: Draft): Flagged {
  const first = draft.options[0];
  const flagged: Flagged = { fields: new Set(), optionText: new Set(), optionOdds: new Set() };
  if (draft.title.trim() === '') flagged.fields.add('title');
  if (draft.endTime === '' || Number.isNaN(new Date(draft.endTime).getTime()))
    flagged.fields.add('endTime');
  if (!first || first.text.trim() === '') flagged.optionText.add(0);
  if (!first || first.odds.trim() === '') flagged.optionOdds.add(0);
  return flagged;
}

/** The field the server refused, mapped onto the draft (its option list skips blank rows). */
function refusedFields(error: unknown, draft: Draft): Flagged {
  const field = errorField(error);
  if (!field) return NOTHING_FLAGGED;
  const flagged: Flagged = { fields: new Set(), optionText: new Set(), optionOdds: new Set() };
  const key = fieldKey(field);
  const sent = draft.options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => option.text.trim() !== '' || option.odds.trim() !== '');
  const position = Number(/^options\.(\d+)\./.exec(field)?.[1]);
  const row = Number.isInteger(position) ? sent[position]?.index : undefined;
  if (key === 'title' || key === 'description' || key === 'endTime' || key === 'options')
    flagged.fields.add(key);
  else if (key === 'options.text' && row !== undefined) flagged.optionText.add(row);
  else if (key === 'options.odds' && row !== undefined) flagged.optionOdds.add(row);
  return flagged;
}

/**
 * The admin's form for a site bet; a community's moderators make theirs with the same form and
 * rules, sent by `send` to their community's route instead.
 */
export function CreateBetForm({
  send,
}: { send?: (input: CreateBetInput) => Promise<unknown> } = {}) {
  const ids = useId();
  const adminCreate = useCreateBetMutation();
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const nextKey = useRef(2);
  const [alert, setAlert] = useState<{ message: string; failed: boolean } | null>(null);
  const [flagged, setFlagged] = useState<Flagged>(NOTHING_FLAGGED);

  // Editing a field takes its red ring away; the rest stay marked until the next try.
  function edit(
    change: Partial<Omit<Draft, 'options'>>,
    field: 'title' | 'description' | 'endTime',
  ) {
    setDraft((current) => ({ ...current, ...change }));
    setFlagged((current) => {
      const fields = new Set(current.fields);
      fields.delete(field);
      return { ...current, fields };
    });
  }

  function setOption(key: number, change: Partial<OptionDraft>) {
    const index = draft.options.findIndex((option) => option.key === key);
    setFlagged((current) => {
      const optionText = new Set(current.optionText);
      const optionOdds = new Set(current.optionOdds);
      if (change.text !== undefined) optionText.delete(index);
      if (change.odds !== undefined) optionOdds.delete(index);
      return { ...current, optionText, optionOdds };
    });
    setDraft((current) => ({
      ...current,
      options: current.options.map((option) =>
        option.key === key ? { ...option, ...change } : option,
      ),
    }));
  }

  function addOption() {
    const key = nextKey.current++;
    setDraft((current) => ({
      ...current,
      options: [...current.options, { key, text: '', odds: '' }],
    }));
  }

  function removeOption(key: number) {
    // Row positions shift, so marks on rows would land on the wrong ones.
    setFlagged(NOTHING_FLAGGED);
    setDraft((current) => ({
      ...current,
      options: current.options.filter((option) => option.key !== key),
    }));
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toCreateBetInput(draft);
    if (!input) {
      setFlagged(missingFields(draft));
      setAlert({ message: 'Fill in all required bet fields', failed: true });
      return;
    }
    setFlagged(NOTHING_FLAGGED);
    void submit(input);
  }

  async function submit(input: CreateBetInput) {
    setPending(true);
    try {
      await (send ?? adminCreate.mutateAsync)(input);
      setAlert({ message: 'Bet created', failed: false });
      setDraft(emptyDraft());
    } catch (error) {
      setFlagged(refusedFields(error, draft));
      setAlert({ message: failureText(error), failed: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <SquarePlus className="mr-1.5" />
        Create Bet
      </h2>
      {/* noValidate: the spec's own alert, not the browser's bubbles, reports missing fields. */}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <TextField
          id={`${ids}-title`}
          label="Bet title"
          maxLength={120}
          value={draft.title}
          error={flagged.fields.has('title')}
          onValueChange={(title) => edit({ title }, 'title')}
        />
        <TextAreaField
          id={`${ids}-description`}
          label="Bet description"
          inputClassName="min-h-20"
          maxLength={2000}
          value={draft.description}
          error={flagged.fields.has('description')}
          onValueChange={(description) => edit({ description }, 'description')}
        />
        <TextField
          id={`${ids}-end`}
          label="End time"
          type="datetime-local"
          value={draft.endTime}
          error={flagged.fields.has('endTime')}
          onValueChange={(endTime) => edit({ endTime }, 'endTime')}
        />

        <fieldset className="flex flex-col gap-2">
          <legend className="label">Options</legend>
          {draft.options.map((option, index) => (
            <div key={option.key} data-testid="create-bet-option" className="flex items-end gap-2">
              <TextField
                id={`${ids}-text-${option.key}`}
                className="min-w-0 flex-1"
                label={`Option ${index + 1} text`}
                hideLabel
                placeholder={`Option ${index + 1}`}
                maxLength={100}
                value={option.text}
                error={flagged.optionText.has(index) || flagged.fields.has('options')}
                onValueChange={(text) => setOption(option.key, { text })}
              />
              <TextField
                id={`${ids}-odds-${option.key}`}
                className="w-24 shrink-0"
                label={`Option ${index + 1} odds`}
                hideLabel
                type="number"
                inputMode="decimal"
                min={MIN_ODDS}
                max={MAX_ODDS}
                step={0.01}
                placeholder="Odds"
                value={option.odds}
                error={flagged.optionOdds.has(index)}
                onValueChange={(odds) => setOption(option.key, { odds })}
              />
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

        <button type="submit" className="btn-primary py-2.5" disabled={pending}>
          {pending ? 'Creating…' : 'Create Bet'}
        </button>
      </form>
      {/* Spec section 7: the outcome is an alert; this one is in the page, named by its message. */}
      <AlertDialog
        message={alert?.message ?? null}
        tone={alert?.failed ? 'danger' : 'default'}
        onClose={() => setAlert(null)}
      />
    </section>
  );
}
