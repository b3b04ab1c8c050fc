/**
 * New accounts are not faucets (issue 34): one that is too young, or has done too little of its
 * own, cannot pass coins on. The server decides; these words are shared so the refusal and any
 * page that explains the rule say the same thing.
 */

/** What a new account cannot do yet. */
export type NewAccountAction =
  | 'send coins'
  | 'offer trades'
  | 'buy services'
  | 'create communities'
  | 'give to community treasuries'
  | 'create community bets';

/** 403 details of a refusal: when the age rule lifts (null when it has) and what is left to do. */
export interface NewAccountDetails {
  rule: 'new_account';
  availableAt: string | null;
  actionsLeft: number;
}

/** "5 h 12 min", "12 min", "1 min" (a part of a minute counts as one). */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const plays = (n: number) =>
  `${n} more ${n === 1 ? 'bet, staked game round or store purchase' : 'bets, staked game rounds or store purchases'}`;

/** The refusal's words: what, and when it becomes possible. */
export function newAccountMessage(
  action: NewAccountAction,
  waitMs: number,
  actionsLeft: number,
): string {
  const parts: string[] = [];
  if (waitMs > 0) parts.push(`in ${waitText(waitMs)}`);
  if (actionsLeft > 0) parts.push(`after ${plays(actionsLeft)} of your own`);
  return `New accounts cannot ${action} yet: you can ${parts.join(', and ')}.`;
}
