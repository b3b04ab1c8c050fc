import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, useSearchParams } from 'react-router';
import { notificationGroups, type NotificationGroup } from '../../../../shared/notifications';
import { ShowMore } from '../../../components/ShowMore';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { NotificationItem } from '../components/NotificationItem';
import { EmailSettings } from '../components/EmailSettings';
import { PreferencesForm } from '../components/PreferencesForm';
import { filterFromSearch } from '../inboxCache';
import { useMarkReadMutation, useRemoveMutation } from '../mutations';
import { useInbox, usePreferences, useUnreadCount } from '../queries';

/** Relative times ("5 minutes ago") are read again this often. */
const CLOCK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function tabClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'btn-primary' : 'btn-secondary';
}

/** The title and the two views of /notifications: the inbox and what reaches you. */
function NotificationsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <div>
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            Notifications
          </h1>
          <p className="mt-1 text-slate-400">What happened while you looked elsewhere.</p>
        </div>
        <nav aria-label="Notifications" className="flex gap-2">
          <NavLink to="/notifications" end className={tabClass}>
            Inbox
          </NavLink>
          <NavLink to="/notifications/settings" className={tabClass}>
            Settings
          </NavLink>
        </nav>
      </header>
      {children}
    </div>
  );
}

/** /notifications: newest first, filtered by unread and by group (in the address), read and removed one by one or all at once. */
export function NotificationsPage() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterFromSearch(params);
  const inbox = useInbox(filter);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkReadMutation();
  const removal = useRemoveMutation();
  const now = useNow();

  function setFilter(change: { show?: 'unread' | null; group?: NotificationGroup | null }) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(change)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  }

  const read = (which: string[] | 'all') =>
    markRead.mutate(which, {
      onError: (error) => notify.error(errorMessage(error, 'Could not mark it read')),
    });

  const notifications = inbox.data?.pages.flatMap((page) => page.notifications) ?? [];

  function results() {
    if (inbox.isPending) return <LoadingState>Loading notifications…</LoadingState>;
    if (inbox.error && !inbox.isFetchNextPageError)
      return (
        <ErrorBanner>
          {errorMessage(inbox.error, 'Failed to load your notifications')}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void inbox.refetch()}
          >
            Try again
          </button>
        </ErrorBanner>
      );
    if (notifications.length === 0)
      return (
        <EmptyState>
          {filter.unread || filter.group
            ? `No ${filter.unread ? 'unread ' : ''}notifications${filter.group ? ` about ${filter.group.toLowerCase()}` : ''}.`
            : 'No notifications yet'}
        </EmptyState>
      );
    return (
      <>
        <ul aria-label="Notifications" className="flex flex-col gap-2">
          {notifications.map((n) => (
            <NotificationItem
              key={n._id}
              notification={n}
              now={now}
              busy={removal.isPending && removal.variables._id === n._id}
              onOpen={() => {
                if (n.readAt === null) read([n._id]);
              }}
              onRead={() => read([n._id])}
              onRemove={() =>
                removal.mutate(n, {
                  onError: (error) => notify.error(errorMessage(error, 'Could not remove it')),
                })
              }
            />
          ))}
        </ul>
        <ShowMore query={inbox} what="notifications" />
      </>
    );
  }

  return (
    <NotificationsLayout>
      <section aria-labelledby={`${ids}-inbox`} className="flex flex-col gap-4">
        <h2 id={`${ids}-inbox`} className="sr-only">
          Inbox
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div role="group" aria-label="Show" className="flex gap-2">
            <button
              type="button"
              aria-pressed={!filter.unread}
              className={filter.unread ? 'btn-secondary' : 'btn-primary'}
              onClick={() => setFilter({ show: null })}
            >
              All
            </button>
            <button
              type="button"
              aria-pressed={filter.unread}
              className={filter.unread ? 'btn-primary' : 'btn-secondary'}
              onClick={() => setFilter({ show: 'unread' })}
            >
              Unread{unread > 0 ? ` (${unread})` : ''}
            </button>
          </div>
          <div className="min-w-0 basis-44">
            <label htmlFor={`${ids}-group`} className="label">
              Kind
            </label>
            <select
              id={`${ids}-group`}
              className="input"
              value={filter.group ?? ''}
              onChange={(event) =>
                setFilter({
                  group: notificationGroups.find((g) => g === event.target.value) ?? null,
                })
              }
            >
              <option value="">All kinds</option>
              {notificationGroups.map((group) => (
                <option key={group} value={group}>
                  {group}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-secondary sm:ml-auto"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => read('all')}
          >
            Mark all read
          </button>
        </div>
        {results()}
      </section>
    </NotificationsLayout>
  );
}

/** /notifications/settings: the digest's address, and which kinds reach you on which channel. */
export function NotificationSettingsPage() {
  const preferences = usePreferences();
  return (
    <NotificationsLayout>
      {preferences.isPending ? (
        <LoadingState>Loading your preferences…</LoadingState>
      ) : preferences.error ? (
        <ErrorBanner>
          {errorMessage(preferences.error, 'Failed to load your preferences')}
        </ErrorBanner>
      ) : (
        <PreferencesForm saved={preferences.data} />
      )}
      <EmailSettings />
    </NotificationsLayout>
  );
}
