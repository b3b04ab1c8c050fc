// The installable app's icons (src/client/public/manifest.webmanifest), drawn from the favicon
// at build time with sharp: the die on the app's background. The build writes them into
// icons/; the dev server answers the same paths.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const FAVICON = fileURLToPath(new URL('../src/client/public/favicon.svg', import.meta.url));
/** The manifest's theme and background colour. */
const BACKGROUND = '#0b1020';

/**
 * name -> [size, share of the side the die takes]. A maskable icon may be cut to a circle of
 * 80% of its side, so its die stays inside that circle's square (80% / sqrt 2, about 56%).
 */
export const APP_ICONS = {
  'icon-192.png': [192, 0.72],
  'icon-512.png': [512, 0.72],
  'icon-maskable-512.png': [512, 0.56],
  'apple-touch-icon.png': [180, 0.68],
};

export async function appIcon(name) {
  const [size, share] = APP_ICONS[name];
  const side = Math.round(size * share);
  const die = await sharp(await readFile(FAVICON), { density: 72 * Math.ceil(side / 36) })
    .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: die, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Writes every icon into <outDir>/icons. */
export async function writeAppIcons(outDir) {
  await mkdir(path.join(outDir, 'icons'), { recursive: true });
  for (const name of Object.keys(APP_ICONS))
    await writeFile(path.join(outDir, 'icons', name), await appIcon(name));
}

/** The dev server's answer for /icons/<name>. */
export function serveAppIcons(req, res, next) {
  const name = /^\/icons\/([a-z0-9-]+\.png)$/.exec(req.url?.split('?')[0] ?? '')?.[1];
  if (!name || !(name in APP_ICONS)) return next();
  appIcon(name).then(
    (png) => {
      res.setHeader('Content-Type', 'image/png');
      res.end(png);
    },
    (err) => next(err),
  );
}
