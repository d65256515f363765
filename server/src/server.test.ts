import { utcDateOf } from '@gowild/contract/dates';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';

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
    const port = await freePort();
    const s = start({
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      EMULATOR_LATENCY_MS: '0',
      EMULATOR_JITTER_MS: '0',
    });
    try {
      await waitFor(() => s.output().includes('GoWild Finder on'), 'the server to listen', 60_000);
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
    // A fresh on-disk database migrates and seeds before it listens; on a loaded machine that alone took longer than
    // 30 s, so the wait for it is 60 s and the test's own time-out longer still.
  }, 90_000);

  it('on SIGTERM ends open searches with the restart event and exits 0, though the airline hangs (decision 057)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-server-'));
    const port = await freePort();
    // Every airline query hangs: one search would outlast the 10 s shutdown budget (10 s time-out per attempt, retries).
    const s = start({
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      FLIGHTS_PROVIDER: 'emulator',
      EMULATOR_HANG_RATE: '1',
      EMULATOR_LATENCY_MS: '0',
      EMULATOR_JITTER_MS: '0',
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(() => s.output().includes('GoWild Finder on'), 'the server to listen', 60_000);
      const registered = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'shutdown@example.com', password: 'Correct-Horse-Battery-9', first_name: 'Shut', last_name: 'Down' }),
      });
      expect(registered.status).toBe(201);
      const headers = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };
      // Two days ahead in UTC is a bookable day at DEN whatever the hour.
      const date = utcDateOf(Date.now() + 2 * 86_400_000);

      const stream = await fetch(`${base}/api/flights/search/stream?origin=DEN&date=${date}`, { headers });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('\n')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ type: 'start' });
      const json = fetch(`${base}/api/flights/search?origin=DEN&date=${date}`, { headers });
      json.catch(() => {}); // awaited below; a process that dies early must not make it an unhandled rejection
      // The JSON search is in flight once the emulator has been asked for more than the stream's queries.
      await waitFor(() => s.output().includes('"url":"/api/flights/search?'), 'the JSON search to arrive');

      s.proc.kill('SIGTERM');
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const events = text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; code?: string; message?: string; status?: number });
      expect(events.at(-1)).toEqual({
        type: 'error',
        status: 503,
        code: 'SERVER_RESTARTING',
        error: 'The server is restarting. Please search again in a moment.',
        message: 'The server is restarting. Please search again in a moment.',
      });
      const answer = await json;
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ code: 'SERVER_RESTARTING' });
      // The forced exit after the 10 s budget is code 1: 0 means it finished within the budget.
      expect(await s.exited).toBe(0);
    } finally {
      s.proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
