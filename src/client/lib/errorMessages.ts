import { MAX_ODDS, MIN_ODDS } from '../../shared/odds';
import { ApiError, NetworkError } from './api';
import { formatCoins } from './format';

/**
 * The one place that turns a failed call into words for a player. The server's 400s name the
 * field they refuse, for developers ('recipientUsername: no user named bob', 'username is
 * required'); forms still get that field (errorField) to highlight, and players get a sentence.
 * Messages that are already sentences for players ('Invalid username or password') pass as
 * they are, as spec section 8 asks; the screens' fallbacks are used when there is no message.
 */

/** The text shown for a request that never got an answer (spec section 8, profile update). */
export const CONNECTION_ERROR = 'Connection error';

type Rewrite = [pattern: RegExp, sentence: (match: RegExpMatchArray) => string];

const at = (n: string) => formatCoins(Number(n));

/** Rules per field, with list indices removed ('options.0.odds' is 'options.odds'); first match wins. */
const FIELD_REWRITES: Record<string, Rewrite[]> = {
  recipientUsername: [
    [/no user named (.+)$/, (m) => `There is no player called ${m[1]}.`],
    [/yourself/, () => 'You cannot send coins to yourself.'],
    [/required/, () => 'Enter the username of the player who gets the coins.'],
  ],
  toUsername: [
    [/no user named (.+)$/, (m) => `There is no player called ${m[1]}.`],
    [/yourself/, () => 'You cannot trade with yourself.'],
    [/^(.+) is (banned|deleted)/, (m) => `${m[1]} is ${m[2]} and cannot trade.`],
  ],
  username: [
    [/at least (\d+) characters/, (m) => `Usernames need at least ${m[1]} characters.`],
    [/at most (\d+) characters/, (m) => `Usernames can be at most ${m[1]} characters long.`],
    [/may contain only/, () => 'Usernames can only use letters, digits, _ and -.'],
    [/your own status/, () => 'You cannot change your own status.'],
    [/required|must be a string/, () => 'Enter your username.'],
  ],
  password: [
    [/at least (\d+) characters/, (m) => `Passwords need at least ${m[1]} characters.`],
    [/at most (\d+) characters/, (m) => `Passwords can be at most ${m[1]} characters long.`],
    [/required|must be a string/, () => 'Enter your password.'],
  ],
  currentPassword: [
    [/incorrect/, () => 'That is not your current password.'],
    [/.*/, () => 'Enter your current password to set a new one.'],
  ],
  amount: [
    [/whole number/, () => 'Use whole coins only.'],
    [/at least (\d+)/, (m) => `Enter at least ${at(m[1]!)} ${m[1] === '1' ? 'coin' : 'coins'}.`],
    [/at most (\d+)/, (m) => `That is too many coins: ${at(m[1]!)} at most.`],
    [/number|required/, () => 'Enter an amount in coins.'],
  ],
  title: [
    [/already exists/, () => 'A bet with this title already exists. Pick another title.'],
    [/at most (\d+) characters/, (m) => `Titles can be at most ${m[1]} characters long.`],
    [/required/, () => 'Give the bet a title.'],
  ],
  description: [[/at most (\d+) characters/, (m) => `Descriptions can be at most ${m[1]} characters long.`]],
  endTime: [
    [/future/, () => 'The end time must be in the future.'],
    [/.*/, () => 'Enter the date and time the bet closes.'],
  ],
  options: [
    [/at least two/, () => 'Add at least two options.'],
    [/at most (\d+)/, (m) => `A bet can have at most ${m[1]} options.`],
    [/distinct/, () => 'Each option needs a different text.'],
  ],
  'options.text': [
    [/at most (\d+) characters/, (m) => `Option texts can be at most ${m[1]} characters long.`],
    [/.*/, () => 'Every option needs a text.'],
  ],
  odds: [
    [/at least/, () => `Odds must be at least ${MIN_ODDS}.`],
    [/at most/, () => `Odds can be at most ${MAX_ODDS}.`],
    [/decimals/, () => 'Odds can have at most 2 decimals.'],
    [/.*/, () => 'Odds must be a number.'],
  ],
  choice: [[/.*/, () => 'That option is not on this bet any more. Reload the page to see the current options.']],
  betId: [[/.*/, () => 'This bet does not exist any more.']],
  betTitle: [[/.*/, () => 'This bet does not exist any more.']],
  optionId: [[/.*/, () => 'That option is not on this bet.']],
  bets: [
    [/at least (\d+)/, (m) => `A parlay needs at least ${m[1]} bets.`],
    [/at most (\d+)/, (m) => `A parlay can hold at most ${m[1]} bets.`],
    [/distinct/, () => 'Pick one option per bet.'],
    [/pays at most/, () => 'This parlay would pay more than the 10,000,000-coin limit. Lower the wager or drop a long shot.'],
  ],
  image: [
    [/PNG, JPEG, WebP or GIF/, () => 'Pictures must be PNG, JPEG, WebP or GIF images.'],
    [/could not be read/, () => 'That picture could not be read. Try another file.'],
    [/at most (\d+) MB/, (m) => `Pictures must be ${m[1]} MB or smaller.`],
  ],
};
FIELD_REWRITES['options.odds'] = FIELD_REWRITES.odds!;
FIELD_REWRITES['bets.betId'] = FIELD_REWRITES.betId!;
FIELD_REWRITES['bets.choice'] = FIELD_REWRITES.choice!;

/** Words for a field the rules above do not know, so 'fooBar: x' still reads 'Foo bar x'. */
const FIELD_LABELS: Record<string, string> = {
  recipientUsername: 'Recipient',
  endTime: 'End time',
  'options.text': 'Option text',
  'options.odds': 'Odds',
  betId: 'Bet',
  optionId: 'Option',
  choice: 'Option',
};

/** By error code, for answers whose message is not written for players. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  RATE_LIMITED: 'Too many tries in a short time. Wait a minute, then try again.',
  PAYLOAD_TOO_LARGE: 'That is too large to send. Try a smaller file.',
};

/** 'options.0.odds' -> 'options.odds': rules and forms name fields without list positions. */
export function fieldKey(field: string): string {
  return field.replace(/\.\d+(?=\.|$)/g, '');
}

const FIELD_PREFIX = /^([A-Za-z][\w]*(?:\.[\w]+)*): (.+)$/s;

interface Parsed {
  field: string | null;
  text: string;
}

function firstDetailField(details: unknown): string | null {
  if (!Array.isArray(details)) return null;
  const first: unknown = details[0];
  if (typeof first !== 'object' || first === null) return null;
  const field = (first as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' && field !== 'request' ? field : null;
}

/** Splits 'field: text' and finds the field of 'username is required' (the field starts the text). */
function parse(error: ApiError): Parsed {
  const message = error.serverMessage ?? '';
  const prefixed = FIELD_PREFIX.exec(message);
  if (prefixed) return { field: prefixed[1]!, text: prefixed[2]! };
  const detail = firstDetailField(error.details);
  if (detail) return { field: detail, text: message };
  const leading = /^([A-Za-z][\w.]*) (?:is|must|may)\b/.exec(message)?.[1];
  if (leading && fieldKey(leading) in FIELD_REWRITES) return { field: leading, text: message };
  return { field: null, text: message };
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

function rewrite(field: string, text: string): string {
  const key = fieldKey(field);
  for (const [pattern, make] of FIELD_REWRITES[key] ?? []) {
    const match = text.match(pattern);
    if (match) return make(match);
  }
  // Unknown wording: say it with the field's name in words instead of its code name.
  const leaf = key.split('.').pop() ?? key;
  const rest = text.startsWith(key) ? text.slice(key.length) : text.startsWith(leaf) ? text.slice(leaf.length) : null;
  return sentence(rest === null ? text : `${humanLabel(key)}${rest}`);
}

/**
 * The text to show for a failure: the server's message in player words when it sent one,
 * otherwise the screen's fallback (spec section 8). `network` replaces the fallback when the
 * request never got an answer; money actions pass CONNECTION_ERROR.
 */
export function errorMessage(error: unknown, fallback: string, network?: string): string {
  if (error instanceof NetworkError) return network ?? fallback;
  if (!(error instanceof ApiError) || error.serverMessage === null) return fallback;
  const byCode = error.code ? CODE_MESSAGES[error.code] : undefined;
  if (byCode) return byCode;
  const { field, text } = parse(error);
  return field ? rewrite(field, text) : error.serverMessage;
}

/**
 * The request field the server refused ('recipientUsername', 'options.1.odds'), for a form to
 * highlight; null when the failure is not about one field.
 */
export function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.serverMessage === null) return null;
  return parse(error).field;
}
