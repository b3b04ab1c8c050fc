import { useEffect, useState } from 'react';
import type { TaskDto, TaskType } from '../../../shared/api/tasks';
import { EmptyState, ErrorBanner, LoadingState } from '../../components/States';
import { CONNECTION_ERROR, errorMessage } from '../../lib/errorMessages';
import { notify } from '../../lib/toast';
import { useActionGuard } from '../../lib/useActionGuard';
import { RewardTag } from './RewardTag';
import { ProgressBar } from './ProgressBar';
import { useCompleteTaskMutation, useTasks } from './queries';
import { EmojiText } from '../../components/Emoji';

const TABS: { type: TaskType; label: string }[] = [
  { type: 'daily', label: 'Daily' },
  { type: 'weekly', label: 'Weekly' },
  { type: 'bonus', label: 'Bonus' },
];

/** '5h 03m' / '2d 4h' until `to`. */
export function timeUntil(to: string, now: number): string {
  const ms = Math.max(0, Date.parse(to) - now);
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  return `${hours}h ${String(mins).padStart(2, '0')}m`;
}

function TaskCard({ task }: { task: TaskDto }) {
  const complete = useCompleteTaskMutation();
  // One request per click: a double click's second click lands before the re-render disables the button.
  const guard = useActionGuard();
  const done = task.percent >= 100;
  const onComplete = () =>
    void guard.run(() =>
      complete.mutateAsync(task._id).then(
        (res) => notify.success(`Completed "${task.title}"! +${res.reward} coins`),
        (error: unknown) =>
          notify.error(errorMessage(error, 'Could not complete the task', CONNECTION_ERROR)),
      ),
    );
  return (
    <li data-testid="task" data-task-id={task._id} className="card flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="text-3xl">
          <EmojiText text={task.emoji} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold wrap-anywhere text-white">{task.title}</h3>
          <p className="text-sm wrap-anywhere text-slate-300">{task.description}</p>
        </div>
        <RewardTag reward={task.reward} buffed={task.buffedReward} />
      </div>
      <ProgressBar percent={task.percent} label={`${task.title} progress`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-400">
          {Math.min(task.progress, task.goalAmount)} / {task.goalAmount} ({task.percent}%)
        </p>
        <button
          type="button"
          className="btn-primary"
          disabled={!done || complete.isPending || guard.quiet}
          onClick={onComplete}
        >
          Complete
        </button>
      </div>
    </li>
  );
}

export function TasksPage() {
  const [tab, setTab] = useState<TaskType>('daily');
  const tasks = useTasks();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  // The server's clock decides the period; the device's only counts down from it.
  const skew = tasks.data ? Date.parse(tasks.data.now) - tasks.dataUpdatedAt : 0;
  const shown = tasks.data?.tasks.filter((t) => t.type === tab) ?? [];
  const resetsAt = shown[0]?.resetsAt ?? null;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Tasks</h1>
        <p className="mt-1 text-slate-400">
          Daily tasks reset at 00:00 UTC, weekly ones on Monday 00:00 UTC; bonus tasks are once
          ever.
        </p>
      </header>
      <div role="tablist" aria-label="Task types" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={tab === t.type}
            className={tab === t.type ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setTab(t.type)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${tab} tasks`} className="flex flex-col gap-3">
        {tab !== 'bonus' && (
          <p data-testid="next-reset" className="text-sm text-slate-300">
            Next reset in {timeUntil(resetsAt ?? nextBoundary(tab, now + skew), now + skew)}
          </p>
        )}
        {tasks.isPending ? (
          <LoadingState />
        ) : tasks.error ? (
          <ErrorBanner>{errorMessage(tasks.error, 'Failed to load tasks')}</ErrorBanner>
        ) : shown.length === 0 ? (
          <EmptyState>No {tab} tasks left. Check back after the reset.</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {shown.map((t) => (
              <TaskCard key={t._id} task={t} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The next 00:00 UTC (daily) or Monday 00:00 UTC (weekly), for when no task of the tab is left. */
function nextBoundary(type: 'daily' | 'weekly', now: number): string {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const day = 86_400_000;
  if (type === 'daily') return new Date(midnight + day).toISOString();
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * day + 7 * day).toISOString();
}
