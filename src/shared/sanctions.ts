/*
 * Sanctions (issue 39, DESIGN.md section 13), zod-free so the browser can word them: what each
 * scope refuses, the same text on the admin's form, the player's banner and the refusal.
 */

export const SANCTION_SCOPES = {
  all: { label: 'Suspended', covers: 'signing in and everything else' },
  trading: { label: 'No trading', covers: 'trade offers and the services marketplace' },
  sending: { label: 'No sending', covers: 'sending coins and giving to community treasuries' },
  games: { label: 'No games', covers: 'playing games and placing wagers' },
  posting: { label: 'No posting', covers: 'posts and comments in communities' },
  communities: {
    label: 'No communities',
    covers: 'creating, joining, running and moderating communities',
  },
} as const;
export type SanctionScope = keyof typeof SANCTION_SCOPES;
export const sanctionScopes = Object.keys(SANCTION_SCOPES) as [SanctionScope, ...SanctionScope[]];
/** The scopes a route can name: `all` refuses every route by ending the sessions. */
export type RouteSanctionScope = Exclude<SanctionScope, 'all'>;

/** A sanction's reason and an appeal's text and reply, at most this many characters. */
export const SANCTION_TEXT_MAX = 1000;
/** The longest timed sanction: ten years (longer is `hours` left out: no end). */
export const SANCTION_HOURS_MAX = 24 * 365 * 10;

/** 403 details of a refusal under a sanction (and of BANNED, for `all`). */
export interface SanctionDetails {
  rule: 'sanction';
  sanctionId: string;
  scope: SanctionScope;
  reason: string;
  /** When it ends by itself; null: until an admin lifts it. */
  endsAt: string | null;
  /** Whether it was appealed already (once per sanction). */
  appealed: boolean;
}

/** "until 3 Dec 2026, 14:00 UTC" or "until an admin lifts it". */
export function untilText(endsAt: string | null): string {
  if (endsAt === null) return 'until an admin lifts it';
  const d = new Date(endsAt);
  return `until ${d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** The refusal's words: what is refused, why, until when. */
export function sanctionMessage(
  scope: SanctionScope,
  reason: string,
  endsAt: string | null,
): string {
  const what =
    scope === 'all'
      ? 'This account is suspended'
      : `You may not use ${SANCTION_SCOPES[scope].covers}`;
  return `${what} ${untilText(endsAt)}. Reason: ${reason}`;
}
