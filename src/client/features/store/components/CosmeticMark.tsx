import type { CosmeticRef } from '../../../../shared/api/accounts';
import { resolveImageUrl } from '../../../lib/images';
import { EmojiText } from '../../../components/Emoji';

/**
 * DESIGN.md section 6: the owner's cosmetic shows beside their name. Decoration only: it stays
 * out of the name's accessible text (headings keep reading just the name).
 */
export function CosmeticMark({ cosmetic }: { cosmetic: CosmeticRef | null | undefined }) {
  if (!cosmetic) return null;
  const url = resolveImageUrl(cosmetic.image);
  return (
    <span
      data-testid="cosmetic-mark"
      aria-hidden="true"
      title={cosmetic.name}
      className="ml-2 inline align-middle"
    >
      {url ? (
        <img src={url} alt="" className="inline size-8 rounded-full object-cover" />
      ) : (
        <EmojiText text={cosmetic.emoji || '✨'} />
      )}
    </span>
  );
}
