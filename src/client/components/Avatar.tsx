import { useState } from 'react';
import { resolveImageUrl } from '../lib/images';
import { Emoji } from './Emoji';

const SIZES = {
  sm: 'size-8 text-base',
  md: 'size-12 text-2xl',
  lg: 'size-24 text-5xl',
} as const;

interface AvatarProps {
  src: string | null | undefined;
  username: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/** Falls back to a drawn avatar when there is no picture or it fails to load. */
export function Avatar({ src, username, size = 'md', className = '' }: AvatarProps) {
  const url = resolveImageUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const base = `${SIZES[size]} shrink-0 rounded-full ring-2 ring-white/15 ${className}`;

  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt={`${username}'s avatar`}
        className={`${base} object-cover`}
        loading="lazy"
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${username}'s avatar`}
      className={`${base} inline-flex items-center justify-center bg-linear-to-br from-fuchsia-500 to-amber-400`}
    >
      <span aria-hidden="true">
        <Emoji char="🙂" />
      </span>
    </span>
  );
}
