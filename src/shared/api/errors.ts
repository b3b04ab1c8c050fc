import type { NewAccountDetails } from '../newAccounts';
import type { SanctionDetails } from '../sanctions';
import type { OddsChangedDetails } from './bets';
import type { PriceChangedDetails } from './services';

/**
 * The closed list of error codes. A page words a refusal from its code and details, never from
 * the message, which is the server's text for developers and the fallback the spec asks a page
 * to show when it has no words of its own (client/lib/errorMessages.ts).
 */
export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BANNED',
  /** Refused under a sanction of the route's scope (403): the details say which, why, until when. */
  'SANCTIONED',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  /** The store item has no stock left. */
  'SOLD_OUT',
  /** A badge is held once; the buyer has this one. */
  'ALREADY_OWNED',
  'PAYLOAD_TOO_LARGE',
  /** An invite code that expired or was used up (410). */
  'GONE',
  'RATE_LIMITED',
  /** 401 of a sign-in whose password was right: two-factor is on and no code came with it. */
  'TOTP_REQUIRED',
  'INTERNAL',
  /** GET /readyz: the process cannot serve now (shutting down, database down, migrations pending). */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * What a refused field broke. The first group comes from the request schemas (the validation
 * handler derives it from zod's issue, or a refinement names it in `params.rule`); the second
 * from the services, about the thing the field names.
 */
export const fieldRules = [
  'required',
  'type',
  'integer',
  'too_small',
  'too_big',
  'format',
  'decimals',
  'one_of',
  'unknown_field',
  'future',
  'distinct',
  'invalid',
  'not_found',
  'self',
  'banned',
  'deleted',
  'taken',
  'incorrect',
  'payout_cap',
  'unreadable',
  'same_community',
  'exposure',
] as const;
export type FieldRule = (typeof fieldRules)[number];

/** One refused field, as `details` of a 400, 404 or 409 lists them. */
export interface FieldIssue {
  /** The request field with list positions, 'options.1.odds'. */
  field: string;
  rule: FieldRule;
  /** The bound the rule sets: a number's value, a text's length, a list's size, bytes of a file. */
  limit?: number;
  /** The refused value when the words name it: the unknown or banned username. */
  value?: string;
  /** The schema's own text, for developers. */
  message?: string;
}

/** 409 of a wheel spun before its cooldown ended. */
interface SpinCooldownDetails {
  nextSpin: string;
}

/** 409 of a click past Click Frenzy's hourly limit: when the next hour starts. */
interface HourlyLimitDetails {
  nextHour: string;
}

/** 400 of a sanctuary claim before its time (spec: a 400 with nextClaim). */
interface ClaimCooldownDetails {
  nextClaim: string;
}

/** The `details` each code may carry; a code not named here carries none. */
export interface ErrorDetailsByCode {
  BAD_REQUEST: FieldIssue[] | ClaimCooldownDetails;
  NOT_FOUND: FieldIssue[];
  FORBIDDEN: FieldIssue[] | NewAccountDetails;
  BANNED: SanctionDetails;
  SANCTIONED: SanctionDetails;
  CONFLICT:
    | FieldIssue[]
    | OddsChangedDetails
    | PriceChangedDetails
    | SpinCooldownDetails
    | HourlyLimitDetails;
}

type DetailsOf<C extends ErrorCode> = C extends keyof ErrorDetailsByCode
  ? ErrorDetailsByCode[C]
  : never;

/** The one error body every non-2xx answer carries (DESIGN.md section 4), details typed by code. */
export type ErrorBody = {
  [C in ErrorCode]: { message: string; code: C; details?: DetailsOf<C> };
}[ErrorCode];
