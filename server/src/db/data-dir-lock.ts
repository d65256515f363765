import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded database's directory is open in another live process. */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `the embedded database in ${dir} is open in another process (pid ${pid}): stop it first (the server and the CLI ` +
        `cannot share it), or set DATABASE_URL so every process shares PostgreSQL`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Whether `pid` is a live Node process other than this one (a pid reused by something else does not hold the lock). */
function heldByAnotherNode(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's; ESRCH: gone.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    // No /proc (macOS): trust the signal check.
    return true;
  }
}

/**
 * Takes the embedded database's directory for this process (decision 237): PGlite is one process's database, and a
 * second process opening the same files (the CLI while the server runs) reads and writes behind the other's back.
 * The lock is a file naming the owner's pid; a lock left by a process that died is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'gowild.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (heldByAnotherNode(owner)) throw new DataDirInUseError(dir, owner);
    writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}
