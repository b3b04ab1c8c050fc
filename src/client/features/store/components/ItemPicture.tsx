import { resolveImageUrl } from '../../../lib/images';
import { EmojiText } from '../../../components/Emoji';

/** Spec section 3: the item's image, or its emoji, or the package emoji when it has neither. */
export function ItemPicture({
  image,
  emoji,
  name,
  size = 'md',
}: {
  image: string | null;
  emoji: string | null;
  name: string;
  size?: 'md' | 'lg';
}) {
  const url = resolveImageUrl(image);
  const box = size === 'lg' ? 'size-16 text-4xl' : 'size-12 text-2xl';
  if (url)
    return (
      <img
        src={url}
        alt={name}
        className={`${box} shrink-0 rounded-lg object-cover`}
        loading="lazy"
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-lg bg-slate-800`}
    >
      <EmojiText text={emoji || '📦'} />
    </span>
  );
}
