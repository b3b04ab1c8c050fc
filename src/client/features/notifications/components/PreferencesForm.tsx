import { useId, useState, type FormEvent } from 'react';
import type { NotificationPreferenceDto } from '../../../../shared/api/notifications';
import {
  NOTIFICATION_KINDS,
  kindsOfGroup,
  notificationChannels,
  notificationGroups,
  type NotificationChannel,
} from '../../../../shared/notifications';
import { ErrorBanner } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useSavePreferencesMutation } from '../mutations';

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  inbox: 'Inbox',
  push: 'Push',
  email: 'Email',
};
const CHANNELS = notificationChannels.map((channel) => ({
  channel,
  label: CHANNEL_LABELS[channel],
}));

/**
 * Kind x channel, grouped as the inbox's filter groups them. Each box's label (read by a screen
 * reader, and a 44 px target on a phone) names its kind and channel; the account's own notices
 * stay on, disabled, with the reason beside them. Changes wait for "Save preferences".
 */
export function PreferencesForm({ saved }: { saved: NotificationPreferenceDto[] }) {
  const ids = useId();
  const save = useSavePreferencesMutation();
  // Only edits live here: a refetch while nothing is edited shows the new answer.
  const [draft, setDraft] = useState<NotificationPreferenceDto[] | null>(null);
  const shown = draft ?? saved;
  const byKind = new Map(shown.map((p) => [p.kind, p]));

  function toggle(kind: NotificationPreferenceDto['kind'], channel: NotificationChannel) {
    setDraft(shown.map((p) => (p.kind === kind ? { ...p, [channel]: !p[channel] } : p)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    save.mutate(
      draft
        .filter((p) => !p.fixed)
        .map(({ kind, inbox, push, email }) => ({ kind, inbox, push, email })),
      {
        onSuccess: () => {
          setDraft(null);
          notify.success('Preferences saved');
        },
      },
    );
  }

  return (
    <form aria-labelledby={`${ids}-title`} onSubmit={submit} className="card flex flex-col gap-4">
      <div>
        <h2 id={`${ids}-title`} className="section-title">
          What reaches you
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          Inbox is this site’s list and the bell. Push reaches browsers where you turned push
          notifications on; email needs a confirmed address and comes as a digest.
        </p>
      </div>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Notifications by kind and channel</caption>
        <thead>
          <tr className="border-b border-white/10 text-slate-300">
            <th scope="col" className="py-2 pr-2 text-left font-semibold">
              Notification
            </th>
            {CHANNELS.map(({ channel, label }) => (
              <th key={channel} scope="col" className="w-12 px-0.5 py-2 font-semibold sm:w-20">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        {notificationGroups.map((group) => (
          <tbody key={group} className="border-b border-white/5 last:border-b-0">
            <tr>
              <th
                scope="rowgroup"
                colSpan={CHANNELS.length + 1}
                className="pt-4 pb-1 text-left text-xs font-bold tracking-wide text-amber-200 uppercase"
              >
                {group}
              </th>
            </tr>
            {kindsOfGroup(group).map((kind) => {
              const pref = byKind.get(kind);
              if (!pref) return null;
              const label = NOTIFICATION_KINDS[kind].label;
              const why = `${ids}-${kind}-why`;
              return (
                <tr key={kind} data-testid={`preference-${kind}`}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-200">
                    {label}
                    {pref.fixed && (
                      <span id={why} className="mt-0.5 block text-xs text-slate-400">
                        Always on: notices about your account itself cannot be turned off.
                      </span>
                    )}
                  </th>
                  {CHANNELS.map(({ channel, label: channelLabel }) => (
                    <td key={channel} className="px-0.5 text-center">
                      <label className="inline-flex size-11 items-center justify-center">
                        <input
                          type="checkbox"
                          className="size-5 accent-amber-400 disabled:opacity-60"
                          checked={pref[channel]}
                          disabled={pref.fixed}
                          aria-describedby={pref.fixed ? why : undefined}
                          onChange={() => toggle(kind, channel)}
                        />
                        <span className="sr-only">
                          {label}: {channelLabel}
                        </span>
                      </label>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
      {save.error && (
        <ErrorBanner>{errorMessage(save.error, 'Could not save your preferences')}</ErrorBanner>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={!draft || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save preferences'}
        </button>
        {draft && (
          <button type="button" className="btn-secondary" onClick={() => setDraft(null)}>
            Undo changes
          </button>
        )}
      </div>
    </form>
  );
}
