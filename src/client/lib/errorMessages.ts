import type { ErrorCode, FieldIssue, FieldRule } from '../../shared/api/errors';
import { fieldRules } from '../../shared/api/errors';
import { MAX_ODDS, MIN_ODDS } from '../../shared/odds';
import { sanctionMessage, type SanctionDetails } from '../../shared/sanctions';
import { ApiError, NetworkError } from './api';
import { formatCoins } from './format';

/**
 * The one place that turns a failed call into words for a player. The words come from the
 * error's code and, for a refused field, from its details ({ field, rule, limit, value }), never
 * from the message: the server may reword its messages without changing a page. Where these
 * rules have no words, the page shows the server's message, as spec section 8 asks, tidied into
 * a sentence; the screens' fallbacks are used when there is no message at all.
 */

/** The text shown for a request that never got an answer (spec section 8, profile update). */
export const CONNECTION_ERROR = 'Connection error';

/**
 * A stake game's refusal when the page already knows the balance cannot cover the bet (issue 19),
 * said before any call; a refusal from the server keeps the server's own words.
 */
export const INSUFFICIENT_BALANCE = 'Insufficient balance.';

/** A fractional number of coins, in every form that takes coins. */
export const WHOLE_COINS = 'Use whole coins only.';

type Words = (issue: FieldIssue) => string;

/** '*' words any rule of the field that has no words of its own. */
type FieldWords = Partial<Record<FieldRule | '*', Words>>;

const coins = (n: number) => `${formatCoins(n)} ${n === 1 ? 'coin' : 'coins'}`;
const limitOf = (issue: FieldIssue) => issue.limit ?? 0;

const playerWords = {
  not_found: (i: FieldIssue) => `There is no player called ${i.value ?? ''}.`,
};

const usernameRequired = () => 'Enter your username.';
const passwordRequired = () => 'Enter your password.';
const recipientRequired = () => 'Enter the username of the player who gets the coins.';
const amountRequired = () => 'Enter an amount in coins.';
const oddsWords: FieldWords = {
  too_small: () => `Odds must be at least ${MIN_ODDS}.`,
  too_big: () => `Odds can be at most ${MAX_ODDS}.`,
  decimals: () => 'Odds can have at most 2 decimals.',
  '*': () => 'Odds must be a number.',
};
const betGone: FieldWords = { '*': () => 'This bet does not exist any more.' };
const choiceGone: FieldWords = {
  '*': () => 'That option is not on this bet any more. Reload the page to see the current options.',
};

/** Words per field (list positions removed: 'options.0.odds' is 'options.odds') and rule. */
const FIELD_WORDS: Record<string, FieldWords> = {
  recipientUsername: {
    ...playerWords,
    self: () => 'You cannot send coins to yourself.',
    required: recipientRequired,
    type: recipientRequired,
  },
  toUsername: {
    ...playerWords,
    self: () => 'You cannot trade with yourself.',
    banned: (i) => `${i.value ?? ''} is banned and cannot trade.`,
    deleted: (i) => `${i.value ?? ''} is deleted and cannot trade.`,
  },
  username: {
    too_small: (i) => `Usernames need at least ${limitOf(i)} characters.`,
    too_big: (i) => `Usernames can be at most ${limitOf(i)} characters long.`,
    format: () => 'Usernames can only use letters, digits, _ and -.',
    self: () => 'You cannot change your own status.',
    required: usernameRequired,
    type: usernameRequired,
  },
  password: {
    too_small: (i) => `Passwords need at least ${limitOf(i)} characters.`,
    too_big: (i) => `Passwords can be at most ${limitOf(i)} characters long.`,
    required: passwordRequired,
    type: passwordRequired,
    incorrect: () => 'That is not your password.',
  },
  newPassword: {
    too_small: (i) => `Passwords need at least ${limitOf(i)} characters.`,
    too_big: (i) => `Passwords can be at most ${limitOf(i)} characters long.`,
    '*': () => 'Enter a new password.',
  },
  code: {
    incorrect: () => 'That code is not right. Try the current one from your app.',
    '*': () => 'Enter the code.',
  },
  token: { '*': () => 'This reset link is not complete. Copy the whole link again.' },
  currentPassword: {
    incorrect: () => 'That is not your current password.',
    '*': () => 'Enter your current password to set a new one.',
  },
  betAmount: { integer: () => WHOLE_COINS },
  stake: { integer: () => WHOLE_COINS },
  buyIn: { integer: () => WHOLE_COINS },
  amount: {
    integer: () => WHOLE_COINS,
    // An admin's amount may be negative: only a positive floor is a number of coins to enter.
    too_small: (i) => (limitOf(i) >= 1 ? `Enter at least ${coins(limitOf(i))}.` : ''),
    too_big: (i) => `That is too many coins: ${formatCoins(limitOf(i))} at most.`,
    required: amountRequired,
    type: amountRequired,
    // A community bet's treasury must hold what the option could pay (DESIGN.md section 11).
    exposure: (i) =>
      `The treasury can cover at most ${formatCoins(limitOf(i))} more ${limitOf(i) === 1 ? 'coin' : 'coins'} on this option now.`,
  },
  title: {
    taken: () => 'A bet with this title already exists. Pick another title.',
    too_big: (i) => `Titles can be at most ${limitOf(i)} characters long.`,
    required: () => 'Give the bet a title.',
  },
  description: { too_big: (i) => `Descriptions can be at most ${limitOf(i)} characters long.` },
  endTime: {
    future: () => 'The end time must be in the future.',
    '*': () => 'Enter the date and time the bet closes.',
  },
  options: {
    too_small: () => 'Add at least two options.',
    too_big: (i) => `A bet can have at most ${limitOf(i)} options.`,
    distinct: () => 'Each option needs a different text.',
  },
  'options.text': {
    too_big: (i) => `Option texts can be at most ${limitOf(i)} characters long.`,
    '*': () => 'Every option needs a text.',
  },
  odds: oddsWords,
  'options.odds': oddsWords,
  choice: choiceGone,
  'bets.choice': choiceGone,
  betId: betGone,
  // A leg of another community or of the site: the server's words name the rule and the leg.
  'bets.betId': { ...betGone, same_community: () => '' },
  betTitle: betGone,
  optionId: { '*': () => 'That option is not on this bet.' },
  bets: {
    too_small: (i) => `A parlay needs at least ${limitOf(i)} bets.`,
    too_big: (i) => `A parlay can hold at most ${limitOf(i)} bets.`,
    distinct: () => 'Pick one option per bet.',
    payout_cap: (i) =>
      `This parlay would pay more than the ${formatCoins(limitOf(i))}-coin limit. Lower the wager or drop a long shot.`,
  },
  image: {
    format: () => 'Pictures must be PNG, JPEG, WebP or GIF images.',
    unreadable: () => 'That picture could not be read. Try another file.',
    too_big: (i) => `Pictures must be ${limitOf(i) / 1024 / 1024} MB or smaller.`,
  },
};

/** Words for a field the rules above do not know, so 'fooBar must shine' still reads 'Foo bar must shine'. */
const FIELD_LABELS: Record<string, string> = {
  recipientUsername: 'Recipient',
  endTime: 'End time',
  'options.text': 'Option text',
  'options.odds': 'Odds',
  betId: 'Bet',
  optionId: 'Option',
  choice: 'Option',
};

/** By error code, for refusals that are not about one field. */
const CODE_WORDS: Partial<Record<ErrorCode, string>> = {
  RATE_LIMITED: 'Too many tries in a short time. Wait a minute, then try again.',
  TOTP_REQUIRED: 'Enter the code from your authenticator app, or one of your recovery codes.',
  PAYLOAD_TOO_LARGE: 'That is too large to send. Try a smaller file.',
  SOLD_OUT: 'Sold out',
  ALREADY_OWNED: 'You already own this badge',
};

/** A refusal under a sanction (SANCTIONED, or BANNED with its suspension): what, why, until when. */
export function sanctionOf(error: unknown): SanctionDetails | null {
  if (!(error instanceof ApiError) || (error.code !== 'SANCTIONED' && error.code !== 'BANNED'))
    return null;
  const d = error.details as Partial<SanctionDetails> | undefined;
  return d?.rule === 'sanction' && typeof d.reason === 'string' ? (d as SanctionDetails) : null;
}

/** 'options.0.odds' -> 'options.odds': rules and forms name fields without list positions. */
export function fieldKey(field: string): string {
  return field.replace(/\.\d+(?=\.|$)/g, '');
}

const isFieldRule = (rule: unknown): rule is FieldRule =>
  typeof rule === 'string' && (fieldRules as readonly string[]).includes(rule);

/** The first refused field of an answer's details; other details (odds, cooldowns) are not about a field. */
function fieldIssue(error: unknown): FieldIssue | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null;
  const first: unknown = error.details[0];
  if (typeof first !== 'object' || first === null) return null;
  const { field, rule, limit, value } = first as Record<string, unknown>;
  if (typeof field !== 'string' || field === '' || field === 'request' || !isFieldRule(rule))
    return null;
  return {
    field,
    rule,
    ...(typeof limit === 'number' ? { limit } : {}),
    ...(typeof value === 'string' ? { value } : {}),
  };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function humanLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const leaf = key.split('.').pop() ?? key;
  return leaf.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * The server's message about a field it names, shown when there are no words for the rule: the
 * field's code name, which leads the message for developers ('fooBar: fooBar must shine'), is
 * said in plain words ('Foo bar must shine.').
 */
function serverSentence(message: string, field: string): string {
  const key = fieldKey(field);
  const leaf = key.split('.').pop() ?? key;
  const text = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  const rest = text.startsWith(key)
    ? text.slice(key.length)
    : text.startsWith(leaf)
      ? text.slice(leaf.length)
      : null;
  return sentence(rest === null ? text : `${humanLabel(key)}${rest}`);
}

/** A message that names its field first for developers ('id: no trade with id 5'), without details. */
const FIELD_PREFIX = /^([A-Za-z][\w]*(?:\.[\w]+)*): (.+)$/s;

/**
 * The text to show for a failure: words from the code and details when there are some, otherwise
 * the server's message, otherwise the screen's fallback (spec section 8). `network` replaces the
 * fallback when the request never got an answer; money actions pass CONNECTION_ERROR.
 */
export function errorMessage(error: unknown, fallback: string, network?: string): string {
  if (error instanceof NetworkError) return network ?? fallback;
  if (!(error instanceof ApiError) || error.serverMessage === null) return fallback;
  const byCode = error.code ? CODE_WORDS[error.code as ErrorCode] : undefined;
  if (byCode) return byCode;
  const sanction = sanctionOf(error);
  if (sanction) return sanctionMessage(sanction.scope, sanction.reason, sanction.endsAt);
  const issue = fieldIssue(error);
  if (issue) {
    const words = FIELD_WORDS[fieldKey(issue.field)];
    const text = (words?.[issue.rule] ?? words?.['*'])?.(issue);
    return text || serverSentence(error.serverMessage, issue.field);
  }
  // The spec's fallback: the server's own words, as a sentence without the developers' field prefix.
  const prefixed = FIELD_PREFIX.exec(error.serverMessage);
  return prefixed ? serverSentence(prefixed[2]!, prefixed[1]!) : error.serverMessage;
}

/**
 * The request field the server refused ('recipientUsername', 'options.1.odds'), for a form to
 * highlight; null when the failure is not about one field.
 */
export function errorField(error: unknown): string | null {
  return fieldIssue(error)?.field ?? null;
}

/**
 * A parlay's refusal in words. A community treasury's limit on a parlay is the whole stake it
 * can cover now, not more coins on one option as its 'exposure' words say of a single wager.
 */
export function parlayErrorMessage(error: unknown, fallback: string, network?: string): string {
  const issue = fieldIssue(error);
  if (issue?.field !== 'amount' || issue.rule !== 'exposure')
    return errorMessage(error, fallback, network);
  const limit = limitOf(issue);
  return limit >= 1
    ? `The treasury can cover a parlay of at most ${coins(limit)} now.`
    : 'The treasury cannot cover this parlay now.';
}

/**
 * The field a parlay's refusal is about: from its details, or 'amount' for a treasury's 409 that
 * names the field only in its message ('amount: the treasury cannot cover this parlay now').
 */
export function parlayErrorField(error: unknown): string | null {
  const field = errorField(error);
  if (field !== null || !(error instanceof ApiError) || error.status !== 409) return field;
  return error.serverMessage?.startsWith('amount: ') ? 'amount' : null;
}
