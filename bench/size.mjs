// `npm run bench:size`: the JavaScript the home, login and pet pages load (raw, gzip, brotli), from
// the current build (run `npm run build` first). CLIENT_DIR measures another build.
import { pageJs } from './lib.mjs';

const clientDir = process.env.CLIENT_DIR ?? 'dist/client';
for (const [i, page] of ['/', '/login'].entries()) {
  const size = await pageJs(3820 + i, page, clientDir);
  console.log(size ? JSON.stringify(size) : `no chromium or no build in ${clientDir}`);
}
// The pet area's pages, for a signed-in player (issue 22).
const petPages = ['/games/virtual-pet', '/games/virtual-pet/shop', '/games/virtual-pet/gacha', '/games/virtual-pet/breeding', '/games/virtual-pet/mini'];
for (const [i, page] of petPages.entries()) {
  const size = await pageJs(3830 + i, page, clientDir, { signedIn: true });
  if (size) console.log(JSON.stringify(size));
}
