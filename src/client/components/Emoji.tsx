import { useState } from 'react';
import { emojiUrl, splitEmoji } from '../lib/emoji';

/**
 * One emoji drawn from the bundled Twemoji set (lib/emoji.ts), sized to the text around it.
 * The character (or `label`) is the image's alt text; if the file fails, the character is shown.
 */
export function Emoji({
  char,
  label,
  className = '',
}: {
  char: string;
  label?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span role="img" aria-label={label ?? char} className={className}>
        {char}
      </span>
    );
  }
  return (
    <img
      src={emojiUrl(char)}
      alt={label ?? char}
      draggable={false}
      decoding="async"
      className={className ? `emoji ${className}` : 'emoji'}
      onError={() => setFailed(true)}
    />
  );
}

/** A text whose emoji (data names like '2 × 🫐 Berry Bites', flag questions) are drawn as <Emoji>. */
export function EmojiText({ text }: { text: string }) {
  return (
    <>
      {splitEmoji(text).map((part, i) =>
        part.emoji ? <Emoji key={i} char={part.text} /> : part.text,
      )}
    </>
  );
}
