/** Spec section 1: balances carry thousands separators. */
export function formatCoins(amount: number): string {
  return amount.toLocaleString('en-US');
}

/** Ledger deltas keep their sign so a statement reads like a bank statement. */
export function formatSignedCoins(delta: number): string {
  const sign = delta > 0 ? '+' : delta < 0 ? '-' : '';
  return `${sign}${formatCoins(Math.abs(delta))}`;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec section 1: dates use the en-GB format (dd/mm/yyyy). */
export function formatDate(value: string | number | Date): string {
  return toDate(value)?.toLocaleDateString('en-GB') ?? '—';
}

/** A calendar day the server names as 'YYYY-MM-DD' (a UTC day), in the same en-GB format. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-GB', { timeZone: 'UTC' });
}

export function formatDateTime(value: string | number | Date): string {
  return toDate(value)?.toLocaleString('en-GB') ?? '—';
}
