import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function start(env: Record<string, string>): { proc: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
  });
  proc.stdout?.on('data', (d) => (out += String(d)));
  proc.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function waitFor(check: () => boolean, what: string, ms = 30_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server process', () => {
  it('refuses to start on bad configuration and names every bad key', async () => {
    const s = start({ PORT: 'not-a-port', FREE_SEARCHES_PER_DAY: '-3', DATA_DIR: 'memory://' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('Refusing to start');
    expect(s.output()).toContain('PORT');
    expect(s.output()).toContain('FREE_SEARCHES_PER_DAY');
  });

  it('listens, answers health, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-server-'));
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const s = start({
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      EMULATOR_LATENCY_MS: '0',
      EMULATOR_JITTER_MS: '0',
    });
    try {
      await waitFor(() => s.output().includes('GoWild Finder on'), 'the server to listen');
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok' });
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.output()).toContain('shutting down');
    } finally {
      s.proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A fresh on-disk database migrates and seeds before it listens; on a loaded CI machine that alone took
    // longer than the default 20 s, so the test waits as long as its own waitFor does.
  }, 60_000);
});
