import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { modules } from '../modules';
import { BackupRefused } from '../platform/backups/files';
import { restoreBackup } from '../platform/backups/restore';

/*
 * `npm run restore -- FILE [--yes]`: checks FILE against its manifest's checksum, restores it
 * into a scratch database, audits it there and only then replaces the live data, after a
 * confirmation (asked here, or --yes). PGlite: with the server stopped. Exit 0 when restored,
 * 1 when the backup was refused (the reason is printed), 2 when something else failed.
 */

const { values, positionals } = parseArgs({
  options: { yes: { type: 'boolean', short: 'y' } },
  allowPositionals: true,
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error(
    'usage: npm run restore -- FILE [--yes]   (FILE: a backup written by npm run backup)',
  );
  process.exit(2);
}

async function ask(question: string): Promise<boolean> {
  if (values.yes) return true;
  if (!process.stdin.isTTY) {
    console.error(`${question}\nNo terminal to answer on: run again with --yes to confirm.`);
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

try {
  await restoreBackup({
    config: loadConfig(),
    file: path.resolve(file),
    modules,
    confirm: ask,
    say: (line) => console.log(line),
  });
} catch (err) {
  if (err instanceof BackupRefused) {
    console.error(`restore refused: ${err.message}`);
    process.exitCode = 1;
  } else {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  }
}
