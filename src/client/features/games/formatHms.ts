const DAY_S = 86_400;

/**
 * The games' countdowns: HH:MM:SS under a day; from a day on, days and hours ('6d 23h'), since
 * '167:59:56' had to be worked out (issue 33).
 */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total >= DAY_S) return `${Math.floor(total / DAY_S)}d ${Math.floor((total % DAY_S) / 3600)}h`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
