import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';

/*
 * Backup files (DESIGN.md section 13): `fair-square-<database>-<UTC time>.<ext>` and beside it a
 * manifest `<file>.json` with its format, size and SHA-256. A backup is written under a
 * `.partial` name and renamed once complete, its manifest last: a backup without a manifest is
 * one that did not finish, and restore refuses it.
 */

export type BackupFormat = 'pglite-tar-gz' | 'pg_dump-custom';

export interface Manifest {
  format: BackupFormat;
  /** The backup file's name (in the manifest's directory). */
  file: string;
  bytes: number;
  sha256: string;
  createdAt: string;
  /** Who took it: `npm run backup`, the server's schedule. */
  takenBy: string;
}

export interface WrittenBackup {
  file: string;
  manifest: Manifest;
}

const PREFIX = 'fair-square-';
const EXTENSION: Record<BackupFormat, string> = {
  'pglite-tar-gz': 'tar.gz',
  'pg_dump-custom': 'pgdump',
};

/** 2026-11-29T01-37-56-123Z: sortable, and valid in a file name everywhere. */
const stampOf = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

const stampIn = (name: string) => /\d{4}-\d\d-\d\dT[\d-]+Z/.exec(name)?.[0] ?? '';

export const manifestOf = (file: string) => `${file}.json`;

/** A SHA-256 and byte count of what passes through. */
function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/**
 * Writes `source` (already in `format`) into `dir` as a new backup with its manifest. `extra`
 * are transforms between the source and the file (gzip).
 */
export async function writeBackup(
  dir: string,
  format: BackupFormat,
  source: Readable,
  takenBy: string,
  extra: Transform[] = [],
  at = new Date(),
): Promise<WrittenBackup> {
  mkdirSync(dir, { recursive: true });
  const database = format === 'pglite-tar-gz' ? 'pglite' : 'postgres';
  const name = `${PREFIX}${database}-${stampOf(at)}.${EXTENSION[format]}`;
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  const hash = hashing();
  try {
    await pipeline([source, ...extra, hash.stream, createWriteStream(partial, { mode: 0o600 })]);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  const manifest: Manifest = {
    format,
    file: name,
    ...hash.result(),
    createdAt: at.toISOString(),
    takenBy,
  };
  await writeFile(manifestOf(file), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return { file, manifest };
}

/** A backup restore will not take, with the reason. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** Reads the manifest and checks the file against it; throws BackupRefused saying what is wrong. */
export async function verifyBackup(file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestOf(file), 'utf8')) as Manifest;
  } catch (err) {
    throw new BackupRefused(
      `${manifestOf(file)}, the manifest with the backup's checksum, cannot be read (${(err as Error).message}): the backup may not have finished`,
    );
  }
  if (!(manifest.format in EXTENSION) || typeof manifest.sha256 !== 'string')
    throw new BackupRefused(`${manifestOf(file)} is not a backup manifest`);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  const sha256 = hash.digest('hex');
  if (bytes !== manifest.bytes)
    throw new BackupRefused(
      `${file} is ${bytes} bytes but its manifest says ${manifest.bytes}: the file is truncated or damaged`,
    );
  if (sha256 !== manifest.sha256)
    throw new BackupRefused(
      `${file} has SHA-256 ${sha256} but its manifest says ${manifest.sha256}: the file is damaged`,
    );
  return manifest;
}

/** The complete backups in `dir` (those with a manifest), oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir);
  const present = new Set(names);
  return names
    .filter(
      (n) =>
        n.startsWith(PREFIX) &&
        !n.endsWith('.json') &&
        !n.endsWith('.partial') &&
        present.has(`${n}.json`),
    )
    .sort((a, b) => (stampIn(a) < stampIn(b) ? -1 : 1))
    .map((n) => path.join(dir, n));
}

/** Deletes all but the newest `keep` backups in `dir`; returns the files deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const file of old) {
    await rm(manifestOf(file), { force: true });
    await rm(file, { force: true });
  }
  return old;
}

/** When the newest complete backup in `dir` was taken, or null. */
export async function newestBackupAt(dir: string): Promise<Date | null> {
  const newest = listBackups(dir).at(-1);
  if (!newest) return null;
  try {
    const manifest = JSON.parse(await readFile(manifestOf(newest), 'utf8')) as Manifest;
    return new Date(manifest.createdAt);
  } catch {
    return null;
  }
}
