// Writes .br and .gz beside every compressible file of the built client, once at build time,
// so the server sends compressed bytes without compressing per request (@fastify/static preCompressed).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export async function precompress(dir) {
  let count = 0;
  for await (const file of files(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const data = await readFile(file);
    await writeFile(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}
