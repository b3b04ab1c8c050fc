// `npm run bench:size`: the JavaScript the home and login pages load (raw, gzip, brotli), from
// the current build (run `npm run build` first). CLIENT_DIR measures another build.
import { pageJs } from './lib.mjs';

const clientDir = process.env.CLIENT_DIR ?? 'dist/client';
for (const [i, page] of ['/', '/login'].entries()) {
  const size = await pageJs(3820 + i, page, clientDir);
  console.log(size ? JSON.stringify(size) : `no chromium or no build in ${clientDir}`);
}
