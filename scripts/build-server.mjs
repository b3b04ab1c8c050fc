// The server as plain JavaScript: src/server/main.ts and what it imports (src/server, src/shared,
// `@shared/...` resolved) bundled by esbuild into dist/server/main.mjs, packages left to
// node_modules, and the SQL migrations and the embedded database's worker copied beside it
// (src/server/db finds them next to the running file). `npm start` builds it when it is missing or older than its sources, so
// production runs no TypeScript compiler. `node scripts/build-server.mjs` builds it now;
// `--if-stale` only when it is missing or older than its sources (the test run's global setup).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverFile = path.join(root, 'dist/server/main.mjs');
const outDir = path.dirname(serverFile);
const sources = [
  path.join(root, 'src/server'),
  path.join(root, 'src/shared'),
  fileURLToPath(import.meta.url),
  path.join(root, 'tsconfig.json'),
];

function newestMtime(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file))
    newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** Whether dist/server/main.mjs is missing or older than any of its sources (tests included: a cheap, safe overcount). */
export function serverBuildIsStale() {
  return (
    !existsSync(serverFile) ||
    sources.some((source) => newestMtime(source) > statSync(serverFile).mtimeMs)
  );
}

/**
 * Writes each file under a temporary name and renames it into place, so that processes started
 * while another builds (a test run, a bench's fleet) never load half a file.
 */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

function copyDirAtomically(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyDirAtomically(source, target);
    else {
      const temporary = `${target}.${process.pid}.tmp`;
      copyFileSync(source, temporary);
      renameSync(temporary, target);
    }
  }
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: serverFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Dependencies load from node_modules as they are (native addons, their own files).
    packages: 'external',
    // tsconfig.json's paths, spelled out: a `@scope/...` import would otherwise count as a package.
    alias: { '@shared': path.join(root, 'src/shared') },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(outDir, { recursive: true });
  copyDirAtomically(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'));
  // The embedded database's thread runs as its own file (src/server/db/pgliteWorker.mjs says why).
  const worker = path.join(outDir, 'pgliteWorker.mjs');
  copyFileSync(path.join(root, 'src/server/db/pgliteWorker.mjs'), `${worker}.${process.pid}.tmp`);
  renameSync(`${worker}.${process.pid}.tmp`, worker);
  // The map first: a process that loads the new bundle finds its map.
  for (const file of [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1)))
    writeAtomically(file.path, file.contents);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) {
    const started = Date.now();
    await buildServer();
    console.log(
      `Built the server (${path.relative(root, serverFile)}) in ${Date.now() - started} ms`,
    );
  }
}
