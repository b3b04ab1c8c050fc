import { useId, useState, type FormEvent } from 'react';
import {
  achievementCriteria,
  criteriaLabels,
  type AchievementCriteria,
} from '../../../../shared/tasks';
import { AlertDialog } from '../../../components/Modal';
import { SelectField, TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { useCreateAchievementMutation } from './useCreateMutation';
import { Trophy } from 'lucide-react';

const empty = {
  title: '',
  description: '',
  criteria: 'betsPlaced' as AchievementCriteria,
  threshold: '',
  reward: '',
  icon: '',
};

/** Admin panel 'Create achievement' (spec section 2); answers 'Achievement created' or the server's message. */
export function CreateAchievementForm() {
  const ids = useId();
  const [draft, setDraft] = useState(empty);
  const [alert, setAlert] = useState<{ message: string; failed: boolean } | null>(null);
  const create = useCreateAchievementMutation();
  const set = (key: keyof typeof empty) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      ...draft,
      threshold: Number(draft.threshold),
      reward: Number(draft.reward),
      icon: draft.icon || undefined,
    };
    create.mutate(body, {
      onSuccess: () => {
        setAlert({ message: 'Achievement created', failed: false });
        setDraft(empty);
      },
      onError: (error) =>
        setAlert({
          message: errorMessage(
            error,
            error instanceof Error ? error.message : 'Achievement creation failed',
            CONNECTION_ERROR,
          ),
          failed: true,
        }),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <Trophy className="mr-1.5" />
        Create Achievement
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id={`${ids}-title`}
          label="Title"
          value={draft.title}
          onValueChange={set('title')}
          maxLength={80}
          className="sm:col-span-2"
        />
        <TextField
          id={`${ids}-description`}
          label="Description"
          value={draft.description}
          onValueChange={set('description')}
          maxLength={500}
          className="sm:col-span-2"
        />
        <SelectField
          id={`${ids}-criteria`}
          label="Criteria"
          value={draft.criteria}
          onValueChange={set('criteria')}
        >
          {achievementCriteria.map((c) => (
            <option key={c} value={c}>
              {criteriaLabels[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${ids}-threshold`}
          label="Threshold"
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.threshold}
          onValueChange={set('threshold')}
        />
        <TextField
          id={`${ids}-reward`}
          label="Reward"
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.reward}
          onValueChange={set('reward')}
        />
        <TextField
          id={`${ids}-icon`}
          label="Icon"
          value={draft.icon}
          onValueChange={set('icon')}
          maxLength={16}
        />
        <div className="flex items-end sm:col-span-2">
          <button
            type="submit"
            className="btn-primary w-full sm:w-auto"
            disabled={create.isPending}
          >
            Create achievement
          </button>
        </div>
      </form>
      <AlertDialog
        message={alert?.message ?? null}
        tone={alert?.failed ? 'danger' : 'default'}
        onClose={() => setAlert(null)}
      />
    </section>
  );
}
