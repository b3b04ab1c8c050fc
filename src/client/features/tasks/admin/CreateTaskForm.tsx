import { useId, useState, type FormEvent } from 'react';
import { goalTypes, taskTypes, type GoalType, type TaskType } from '../../../../shared/tasks';
import { AlertDialog } from '../../../components/Modal';
import { SelectField, TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { useCreateTaskMutation } from './useCreateMutation';
import { ClipboardList } from 'lucide-react';

const empty = {
  title: '',
  description: '',
  reward: '',
  type: 'daily' as TaskType,
  goalType: 'betsPlaced' as GoalType,
  goalAmount: '',
  emoji: '',
};

const REQUIRED = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['reward', 'Reward'],
  ['goalAmount', 'Goal amount'],
] as const;

/** Admin panel 'Create task' (spec section 2); answers 'Task created' or the server's message. */
export function CreateTaskForm() {
  const ids = useId();
  const [draft, setDraft] = useState(empty);
  const [alert, setAlert] = useState<{ message: string; failed: boolean } | null>(null);
  const create = useCreateTaskMutation();
  const set = (key: keyof typeof empty) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Name every field still empty, not only the one the server would word first.
    const missing = REQUIRED.filter(([key]) => draft[key].trim() === '').map(([, label]) => label);
    if (missing.length > 0) {
      setAlert({ message: `Fill in ${missing.join(', ')}.`, failed: true });
      return;
    }
    const body = {
      ...draft,
      reward: Number(draft.reward),
      goalAmount: Number(draft.goalAmount),
      emoji: draft.emoji || undefined,
    };
    create.mutate(body, {
      onSuccess: () => {
        setAlert({ message: 'Task created', failed: false });
        setDraft(empty);
      },
      onError: (error) =>
        setAlert({
          message: errorMessage(
            error,
            error instanceof Error ? error.message : 'Task creation failed',
            CONNECTION_ERROR,
          ),
          failed: true,
        }),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <ClipboardList className="mr-1.5" />
        Create Task
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
          id={`${ids}-emoji`}
          label="Emoji"
          value={draft.emoji}
          onValueChange={set('emoji')}
          maxLength={16}
        />
        <SelectField id={`${ids}-type`} label="Type" value={draft.type} onValueChange={set('type')}>
          {taskTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${ids}-goal-type`}
          label="Goal type"
          value={draft.goalType}
          onValueChange={set('goalType')}
        >
          {goalTypes.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${ids}-goal`}
          label="Goal amount"
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.goalAmount}
          onValueChange={set('goalAmount')}
        />
        <div className="flex items-end">
          <button type="submit" className="btn-primary w-full" disabled={create.isPending}>
            Create task
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
