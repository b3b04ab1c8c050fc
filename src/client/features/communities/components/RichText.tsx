import { useMemo } from 'react';
import { Link } from 'react-router';
import { richParts } from '../richText';

/**
 * A post's text with its addresses and mentions as links. Text stays text (React escapes it):
 * no HTML a player writes is ever parsed.
 */
export function RichText({ body, mentions }: { body: string; mentions: readonly string[] }) {
  const parts = useMemo(() => richParts(body, mentions), [body, mentions]);
  return (
    <p className="wrap-anywhere whitespace-pre-wrap text-slate-100">
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-sky-300 underline hover:text-sky-200"
          >
            {part.text}
          </a>
        ) : (
          <Link
            key={i}
            to={`/profile/${encodeURIComponent(part.username)}`}
            className="font-semibold text-amber-300 hover:underline"
          >
            {part.text}
          </Link>
        ),
      )}
    </p>
  );
}
