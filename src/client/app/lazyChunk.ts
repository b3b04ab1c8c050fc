import type { ComponentType } from 'react';

/** Spec section 9: a route's chunk that has not loaded after this long has failed. */
const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'error' | 'timeout';

/** Thrown when a route's script chunk cannot be loaded; the route error page shows its message. */
export class ChunkLoadError extends Error {
  readonly type: ChunkFailure;
  readonly url: string;

  constructor(type: ChunkFailure, url: string, cause?: unknown) {
    super(`Loading chunk failed.\n(${type}: ${url})`, { cause });
    this.name = 'ChunkLoadError';
    this.type = type;
    this.url = url;
  }
}

const URL_IN_TEXT = /\b(https?:\/\/\S+?\.(?:m?js|css))\b/;
const IMPORT_SPECIFIER = /import\(\s*["'`]([^"'`]+)["'`]\s*\)/;

/**
 * Browsers name the failed script in their error text, but a time-out has no error, so
 * the chunk's address is recovered from the import() call's own source as a fallback.
 */
function chunkUrl(importer: () => Promise<unknown>, error?: unknown): string {
  const text = error instanceof Error ? error.message : '';
  const fromError = URL_IN_TEXT.exec(text)?.[1];
  if (fromError) return fromError;
  const specifier = IMPORT_SPECIFIER.exec(importer.toString())?.[1];
  if (specifier) {
    try {
      return new URL(specifier, import.meta.url).href;
    } catch {
      return specifier;
    }
  }
  return 'unknown chunk';
}

export function loadChunk<M>(
  importer: () => Promise<M>,
  timeoutMs: number = LAZY_CHUNK_TIMEOUT_MS,
): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('timeout', chunkUrl(importer))),
      timeoutMs,
    );
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('error', chunkUrl(importer, error), error));
      },
    );
  });
}

/** A react-router `lazy` function that loads one page component through loadChunk. */
export function lazyPage<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(importer)) });
}
