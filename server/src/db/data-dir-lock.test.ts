import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gowild-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Another live Node process, for as long as the test needs it. */
function otherNode() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

describe('the embedded database directory is one process’s (decision 237)', () => {
  it('refuses a directory another live process holds, naming it and the way out', () => {
    const other = otherNode();
    try {
      writeFileSync(path.join(dir, 'gowild.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`open in another process (pid ${other.pid})`);
    } finally {
      other.stop();
    }
  });

  it('takes over the lock of a process that died, and gives it back on release', () => {
    const other = otherNode();
    other.stop();
    writeFileSync(path.join(dir, 'gowild.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'gowild.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'gowild.lock'))).toBe(false);
  });

  it('lets the same process open it again (a test reopening its database)', () => {
    const first = lockDataDir(dir);
    const second = lockDataDir(dir);
    second();
    first();
    expect(existsSync(path.join(dir, 'gowild.lock'))).toBe(false);
  });
});
