import { NavLink } from 'react-router';
import { Bell } from 'lucide-react';
import { badgeText, bellLabel } from '../display';
import { useUnreadCount } from '../queries';

/** The nav's bell: the unread count, moved live (app/liveEvents.ts), and the way to the inbox. */
export function NotificationBell() {
  const { data: unread } = useUnreadCount();
  return (
    <NavLink
      to="/notifications"
      data-testid="notification-bell"
      aria-label={bellLabel(unread)}
      className={({ isActive }) =>
        `relative inline-flex size-10 shrink-0 items-center justify-center rounded-full border text-lg transition ${
          isActive
            ? 'border-amber-300/60 bg-amber-400/15 text-amber-200'
            : 'border-white/15 bg-white/5 text-slate-200 hover:bg-white/10 hover:text-white'
        }`
      }
    >
      <Bell aria-hidden="true" />
      {unread ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-300 px-1 text-xs leading-none font-bold text-slate-950"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </NavLink>
  );
}
