import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/Modal';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useAchievements, useTasks } from '../queries';
import { useRetireAchievementMutation, useRetireTaskMutation } from './useCreateMutation';
import { Archive } from 'lucide-react';
import { EmojiText } from '../../../components/Emoji';

interface Entry {
  _id: string;
  title: string;
  icon: string;
  detail: string;
}

type Retiring = Entry & { kind: 'task' | 'achievement' };

function EntryList({
  label,
  entries,
  onRetire,
}: {
  label: string;
  entries: Entry[];
  onRetire: (entry: Entry) => void;
}) {
  if (entries.length === 0) return <EmptyState>No {label.toLowerCase()} to retire.</EmptyState>;
  return (
    <ul aria-label={label} className="flex max-h-80 flex-col gap-2 overflow-y-auto">
      {entries.map((e) => (
        <li
          key={e._id}
          data-testid="retire-entry"
          className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-3"
        >
          <span aria-hidden="true">
            <EmojiText text={e.icon} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="wrap-anywhere font-semibold text-white">{e.title}</p>
            <p className="text-xs text-slate-400">{e.detail}</p>
          </div>
          <button
            type="button"
            className="btn-secondary"
            aria-label={`Retire ${e.title}`}
            onClick={() => onRetire(e)}
          >
            Retire
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Admin: retire tasks and achievements (they leave every list; completions and claims stay).
 * Lists what GET /api/tasks and GET /api/achievements give the admin: a task the admin has
 * completed this period shows again when its period resets.
 */
export function RetireEntries() {
  const ids = useId();
  const tasks = useTasks();
  const achievements = useAchievements();
  const retireTask = useRetireTaskMutation();
  const retireAchievement = useRetireAchievementMutation();
  const [retiring, setRetiring] = useState<Retiring | null>(null);

  function confirm() {
    if (!retiring) return;
    const mutation = retiring.kind === 'task' ? retireTask : retireAchievement;
    mutation.mutate(retiring._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error, 'Retire failed', CONNECTION_ERROR)),
    });
    setRetiring(null);
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <Archive className="mr-1.5" />
        Tasks & Achievements
      </h2>
      <h3 className="font-semibold text-slate-200">Tasks</h3>
      {tasks.isPending ? (
        <LoadingState />
      ) : tasks.isError ? (
        <ErrorBanner>{errorMessage(tasks.error, 'Failed to load tasks')}</ErrorBanner>
      ) : (
        <EntryList
          label="Tasks"
          entries={tasks.data.tasks.map((t) => ({
            _id: t._id,
            title: t.title,
            icon: t.emoji,
            detail: `${t.type} · ${t.goalType} × ${t.goalAmount} · 🪙 ${t.reward}`,
          }))}
          onRetire={(e) => setRetiring({ ...e, kind: 'task' })}
        />
      )}
      <h3 className="font-semibold text-slate-200">Achievements</h3>
      {achievements.isPending ? (
        <LoadingState />
      ) : achievements.isError ? (
        <ErrorBanner>{errorMessage(achievements.error, 'Failed to load achievements')}</ErrorBanner>
      ) : (
        <EntryList
          label="Achievements"
          entries={achievements.data.map((a) => ({
            _id: a._id,
            title: a.title,
            icon: a.icon,
            detail: `${a.criteria} ≥ ${a.threshold} · 🪙 ${a.reward}`,
          }))}
          onRetire={(e) => setRetiring({ ...e, kind: 'achievement' })}
        />
      )}
      <ConfirmDialog
        open={retiring !== null}
        question={`Retire ${retiring?.title ?? ''}?`}
        details={
          retiring?.kind === 'achievement'
            ? 'It leaves the list; players who claimed it keep it.'
            : 'It leaves every task list; past completions stay.'
        }
        confirmLabel="Retire"
        tone="danger"
        onCancel={() => setRetiring(null)}
        onConfirm={confirm}
      />
    </section>
  );
}
