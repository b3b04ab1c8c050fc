const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How long ago `at` was, as a person says it ('just now', '5 minutes ago', 'yesterday'). A time
 * slightly ahead of this browser's clock (a server's clock runs a little ahead) is 'just now' too.
 */
export function timeAgo(at: string, now: number): string {
  const seconds = Math.round((now - new Date(at).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** The bell's words: 'Notifications, 3 unread' (a screen reader says what the badge shows). */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge's text: more than 99 shows as 99+ so it stays a small circle. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
