/**
 * Spec section 3: images are either absolute http(s) URLs or paths relative to the API host,
 * which is this origin. Returns null when there is nothing to show.
 */
export function resolveImageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  const trimmed = path.trim();
  if (trimmed === '') return null;
  if (/^(https?:|data:|blob:)/i.test(trimmed)) return trimmed;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
