import type { CosmeticRef } from '../../../../shared/api/accounts';
import { resolveImageUrl } from '../../../lib/images';

/** DESIGN.md section 6: the owner's cosmetic shows beside their name. */
export function CosmeticMark({ cosmetic }: { cosmetic: CosmeticRef | null | undefined }) {
  if (!cosmetic) return null;
  const url = resolveImageUrl(cosmetic.image);
  return (
    <span data-testid="cosmetic-mark" title={cosmetic.name} className="ml-2 inline-flex align-middle">
      {url ? (
        <img src={url} alt={cosmetic.name} className="inline size-8 rounded-full object-cover" />
      ) : (
        <span role="img" aria-label={cosmetic.name}>
          {cosmetic.emoji || '✨'}
        </span>
      )}
    </span>
  );
}
