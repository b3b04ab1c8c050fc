/**
 * A post's plain text cut into what it shows: text, links and @mentions. Pages build React
 * nodes from these (never HTML), so nothing a player writes can become markup.
 */
export type RichPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; username: string };

/** http(s) addresses; what follows them in a sentence (a full stop, a closing bracket) is cut off below. */
const URL_RUN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'")\]}>]+$/;

/** The server's own rule (features/communities/feed.ts): `@name` not inside a word or an address. */
const MENTION = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_-]{3,20})(?![A-Za-z0-9_-])/g;

/** A run's address without the punctuation that ends the sentence, keeping a bracket it opened. */
function trimUrl(run: string): string {
  let url = run.replace(TRAILING, '');
  const rest = run.slice(url.length);
  // 'https://en.wikipedia.org/wiki/Foo_(bar)': the ')' closes one the address opened.
  if (rest.startsWith(')') && url.split('(').length > url.split(')').length) url += ')';
  return url;
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function pushText(parts: RichPart[], text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last?.kind === 'text') last.text += text;
  else parts.push({ kind: 'text', text });
}

/** Mentions in a stretch of text with no address in it; only names the server recognised link. */
function withMentions(parts: RichPart[], text: string, known: Map<string, string>): void {
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    const username = known.get(m[2]!.toLowerCase());
    if (!username) continue;
    const at = m.index + m[1]!.length;
    pushText(parts, text.slice(last, at));
    parts.push({ kind: 'mention', text: `@${m[2]!}`, username });
    last = at + 1 + m[2]!.length;
  }
  pushText(parts, text.slice(last));
}

/**
 * `mentions` are the usernames the server found in the text when it was written (a name that
 * named nobody stays plain text).
 */
export function richParts(body: string, mentions: readonly string[]): RichPart[] {
  const known = new Map(mentions.map((name) => [name.toLowerCase(), name]));
  const parts: RichPart[] = [];
  let last = 0;
  for (const m of body.matchAll(URL_RUN)) {
    const text = trimUrl(m[0]);
    const href = safeHref(text);
    if (!href) continue;
    withMentions(parts, body.slice(last, m.index), known);
    parts.push({ kind: 'link', text, href });
    last = m.index + text.length;
  }
  withMentions(parts, body.slice(last), known);
  return parts;
}
