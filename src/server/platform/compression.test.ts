import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness';

// A client build in miniature: one asset with the .br and .gz the build writes beside it.
const clientDir = mkdtempSync(path.join(tmpdir(), 'fs-client-'));
mkdirSync(path.join(clientDir, 'static', 'js'), { recursive: true });
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(path.join(clientDir, 'static', 'js', 'app.js'), script);
writeFileSync(path.join(clientDir, 'static', 'js', 'app.js.br'), brotliCompressSync(script));
writeFileSync(path.join(clientDir, 'static', 'js', 'app.js.gz'), gzipSync(script));

const server = useTestServer({ clientDir }, { audit: false });

/** A raw GET, so the body arrives as sent (fetch would decompress it and hide the encoding). */
function get(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('serves the pre-compressed brotli or gzip file of an asset to a browser that accepts it', async () => {
    const br = await get(`${server.url}/static/js/app.js`, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get(`${server.url}/static/js/app.js`, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(`${server.url}/static/js/app.js`);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const big = await get(`${server.url}/api/docs/json`, 'gzip');
    expect(big.status).toBe(200);
    expect(big.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.body).toString())).toHaveProperty('openapi');
    const small = await get(`${server.url}/api/nope`, 'gzip');
    expect(small.status).toBe(404);
    expect(small.encoding).toBeUndefined();
  });
});
