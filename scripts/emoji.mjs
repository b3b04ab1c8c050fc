// The Twemoji images the app draws (src/client/lib/emoji.ts): every emoji written anywhere in
// src/ (item icons, critter species, game pieces, the quiz bank's flags) is copied from
// @twemoji/svg into the build's static/emoji/, about 400 of its 3,700 files. The dev server
// answers the same paths from the package.
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emojiFile, emojiIn, EMOJI_BASE } from '../src/client/lib/emoji.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const TWEMOJI = path.join(root, 'node_modules/@twemoji/svg');
const SOURCES = /\.(ts|tsx|json|html)$/;

/**
 * Twemoji's file for a name: as named, else without its FE0Fs (some ZWJ sequences are stored
 * so, '1f441-200d-1f5e8' for '👁️‍🗨️'); null when the set has no picture for it.
 */
export function twemojiSource(name) {
  for (const candidate of [name, name.replace(/-fe0f/g, '')]) {
    const file = path.join(TWEMOJI, `${candidate}.svg`);
    if (existsSync(file)) return file;
  }
  return null;
}

async function* sourceFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCES.test(entry.name)) yield full;
  }
}

/** Every emoji written in src/, by its file name. */
export async function emojiUsed(srcDir = path.join(root, 'src')) {
  const names = new Map();
  for await (const file of sourceFiles(srcDir)) {
    for (const char of emojiIn(await readFile(file, 'utf8'))) names.set(emojiFile(char), char);
  }
  return names;
}

/** Copies the used images into <outDir>/static/emoji; returns the emoji that have none. */
export async function copyEmoji(outDir) {
  const target = path.join(outDir, EMOJI_BASE);
  await mkdir(target, { recursive: true });
  const missing = [];
  for (const [name, char] of await emojiUsed()) {
    const source = twemojiSource(name);
    if (source) await copyFile(source, path.join(target, `${name}.svg`));
    else missing.push(char);
  }
  return missing;
}

/** The dev server's answer for /static/emoji/<name>.svg, from the package. */
export function serveEmoji(req, res, next) {
  const match = /^\/static\/emoji\/([0-9a-f-]+)\.svg$/.exec(req.url?.split('?')[0] ?? '');
  const source = match && twemojiSource(match[1]);
  if (!source) return next();
  res.setHeader('Content-Type', 'image/svg+xml');
  readFile(source).then((data) => res.end(data), next);
}
