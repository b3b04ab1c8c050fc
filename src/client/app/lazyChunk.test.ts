import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './lazyChunk';

describe('loadChunk', () => {
  it('passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.resolve({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it('reports a failed chunk with its URL', async () => {
    const failing = () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://x.test/static/js/A-1.js',
        ),
      );
    const error = await loadChunk(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe('error');
    expect((error as ChunkLoadError).message).toBe(
      'Loading chunk failed.\n(error: http://x.test/static/js/A-1.js)',
    );
  });

  it('reports a time-out', async () => {
    const error = await loadChunk(() => new Promise<never>(() => {}), 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe('timeout');
    expect((error as ChunkLoadError).message).toMatch(/^Loading chunk failed\.\n\(timeout: /);
  });
});
