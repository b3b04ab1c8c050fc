import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time per PGlite directory. PGlite has no locking of its own: a second
 * opener (an audit or script next to the running server) corrupts the directory and loses
 * every write acknowledged after it. The lock file names its holder's pid (and port, once the
 * server listens); a lock whose process is gone is stale and taken over.
 */
export interface DirLockInfo {
  pid: number;
  startedAt: string;
  port?: number;
  purpose: string;
  /**
   * The server's key for GET /internal/backup: `npm run backup` reads it here, so only who can
   * read the data directory (this file is 0600) can have the server dump it.
   */
  backupKey?: string;
}

export const lockFileOf = (dir: string) => path.join(dir, 'fair-square.lock');

/**
 * A killed process stays a zombie until its parent reaps it (at once under a shell, never under
 * a PID 1 that does not reap), and kill(pid, 0) succeeds on a zombie: its state in
 * /proc/PID/stat tells it is gone, so a supervisor's immediate restart can take the lock.
 */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false; // no /proc (not Linux): kill(pid, 0) alone decides
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !zombie(pid);
}

export function readDirLock(dir: string): DirLockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockFileOf(dir), 'utf8')) as DirLockInfo;
    return typeof info.pid === 'number' && alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export class DirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: DirLockInfo,
  ) {
    super(
      `The embedded database in ${dir} is open in process ${holder.pid} (${holder.purpose}, since ${holder.startedAt}). ` +
        'Only one process may open it: stop that process first' +
        (holder.purpose === 'server'
          ? ', or use GET /api/admin/audit on the running server (npm run audit does this for you).'
          : '.'),
    );
    this.name = 'DirLockedError';
  }
}

export interface DirLock {
  update(info: Partial<DirLockInfo>): void;
  release(): void;
}

export function acquireDirLock(dir: string, purpose: string): DirLock {
  const file = lockFileOf(dir);
  const info: DirLockInfo = { pid: process.pid, startedAt: new Date().toISOString(), purpose };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      return {
        update(more) {
          if (!released)
            writeFileSync(file, JSON.stringify(Object.assign(info, more)), { mode: 0o600 });
        },
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readDirLock(dir);
      if (holder && holder.pid !== process.pid) throw new DirLockedError(dir, holder);
      // The holder died without releasing it (a crash, SIGKILL): the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
