import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DirLockedError, lockFileOf } from './dirLock';

/** The PGlite directory lock after a crash (issue 18): a dead holder, even a zombie, is gone. */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function lockedDir(pid: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-dirlock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    lockFileOf(dir),
    JSON.stringify({ pid, startedAt: new Date().toISOString(), purpose: 'server', port: 1 }),
  );
  return dir;
}

/**
 * A zombie: the child outlives the shell's own bookkeeping (a shell reaps a finished background
 * job before its next command, so a child that exits before the exec is reaped, not left), then
 * exits under a parent that has exec'd into a sleep that never reaps it.
 */
async function zombiePid(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  cleanups.push(() => parent.kill('SIGKILL'));
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
  );
  // Until the child has exited, it is a live process: wait for its zombie state.
  for (let i = 0; i < 100; i++) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return pid;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`process ${pid} never became a zombie`);
}

describe('acquireDirLock', () => {
  it('refuses a directory a live process holds, naming it', () => {
    const holder = spawn('sleep', ['30']);
    cleanups.push(() => holder.kill('SIGKILL'));
    expect(() => acquireDirLock(lockedDir(holder.pid!), 'audit')).toThrow(DirLockedError);
  });

  it.runIf(process.platform === 'linux')(
    'takes over the lock of a holder that is a zombie (killed, not yet reaped)',
    async () => {
      const dir = lockedDir(await zombiePid());
      const lock = acquireDirLock(dir, 'server');
      lock.release();
    },
  );
});
