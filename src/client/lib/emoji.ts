/**
 * The game pieces, items and flags are drawn from Twemoji's SVG files (@twemoji/svg, copied into
 * the build by scripts/emoji.mjs), so a system without a colour emoji font shows the same page.
 * Data keeps its emoji characters; only rendering turns them into images.
 */

/** Where the build puts the images (under static/, so they are cached as long as the scripts). */
export const EMOJI_BASE = '/static/emoji/';

/**
 * One emoji as written: a flag (two regional indicators), a keycap, or a pictograph with its
 * modifier, variation selector or tag sequence (subdivision flags), joined by ZWJs.
 */
const SEQUENCE =
  /\p{RI}\p{RI}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\p{EMod}|\uFE0F|[\u{E0020}-\u{E007E}]+\u{E007F})?(?:\u200D\p{Extended_Pictographic}(?:\p{EMod}|\uFE0F)?)*/gu;

/**
 * A text-style pictograph ('▶', '↕', '©') stays text: fonts draw those. Only what a system
 * would draw in colour (emoji presentation, or asked for with FE0F, ZWJ, a skin tone, a flag or
 * keycap) becomes an image.
 */
const DRAWN_AS_EMOJI = /\p{Emoji_Presentation}|\uFE0F|\u200D|\p{EMod}|\u20E3|\u{E007F}|\p{RI}/u;

/**
 * Twemoji's file name for an emoji: its code points in lower-case hex joined by '-', without
 * FE0F unless the sequence has a ZWJ ('🇫🇷' -> '1f1eb-1f1f7', '⚔️' -> '2694',
 * '🏳️‍🌈' -> '1f3f3-fe0f-200d-1f308', '#️⃣' -> '23-20e3').
 */
export function emojiFile(char: string): string {
  const text = char.includes('\u200D') ? char : char.replace(/\uFE0F/g, '');
  return Array.from(text, (c) => c.codePointAt(0)!.toString(16)).join('-');
}

export function emojiUrl(char: string): string {
  return `${EMOJI_BASE}${emojiFile(char)}.svg`;
}

export type EmojiPart = { text: string; emoji: boolean };

/** A text cut into runs of plain text and single emoji, in order ('2 × 🫐 Berry' -> 3 parts). */
export function splitEmoji(text: string): EmojiPart[] {
  const parts: EmojiPart[] = [];
  let last = 0;
  for (const match of text.matchAll(SEQUENCE)) {
    if (!DRAWN_AS_EMOJI.test(match[0])) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index), emoji: false });
    parts.push({ text: match[0], emoji: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), emoji: false });
  return parts;
}

/** Every emoji a text holds, once each (the build copies these files). */
export function emojiIn(text: string): Set<string> {
  return new Set(
    splitEmoji(text)
      .filter((p) => p.emoji)
      .map((p) => p.text),
  );
}
