import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { realPage } from '../../providers/flights/frontier-real-page.fixture';
import { type ServerProcess, exitWithin, freePort, startCli, startServer, waitFor } from '../../test/server-process';
import { OPERATOR_FILE, type OperatorAddress } from './operator-access';
import { createUnreadablePagesRepository } from './unreadable-pages.repository';

/**
 * Decision 244 on a fresh data directory, with real processes: the server holds the embedded database (decision 237),
 * so `airline:read` must not open it and `airline:reread` must ask the server; once the server is gone, `airline:reread`
 * opens the database itself.
 */
const REAL = fileURLToPath(new URL('../../test/fixtures/frontier/select-real-jfk-atl.html', import.meta.url));

let dataDir: string;
let server: ServerProcess | undefined;
let port: string;

async function cli(args: string[]) {
  const run = startCli(args, { DATA_DIR: dataDir });
  const code = await exitWithin(run, 120_000);
  return { code, output: run.output() };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'gw-reread-'));
  // Pages kept by an earlier run of the server: the real page its adapter could not read then, and a changed one.
  const database = await openDatabase({ dataDir, migrate: true });
  try {
    const repo = createUnreadablePagesRepository(database.db);
    const page = { status: 200, contentType: 'text/html; charset=utf-8' };
    await repo.insert(
      {
        ...page,
        url: 'https://booking.flyfrontier.com/Flight/Select',
        body: realPage(),
        reason: 'FlightData is not valid JSON: Bad control character',
      },
      new Date('2026-11-20T10:00:00Z'),
      262_144,
    );
    await repo.insert(
      {
        ...page,
        url: 'https://booking.flyfrontier.com/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=Apr%2002%2C%202026&adt=1',
        body: '<html><body>We are upgrading our site</body></html>',
        reason: 'no FlightData assignment on the page',
      },
      new Date('2026-11-20T11:00:00Z'),
      262_144,
    );
  } finally {
    await database.close();
  }
  port = await freePort();
  server = startServer({
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent',
    EMULATOR_LATENCY_MS: '0',
    EMULATOR_JITTER_MS: '0',
  });
  await waitFor(() => server!.ended() || server!.output().includes('GoWild Finder on'), 'the server to listen', 150_000);
  expect(server.ended(), server.output()).toBe(false);
}, 240_000);

afterAll(async () => {
  if (server && !server.ended()) {
    server.proc.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the operator commands while the server holds the embedded database', () => {
  it('leaves its address and a token in DATA_DIR, readable by its owner only', () => {
    const file = path.join(dataDir, OPERATOR_FILE);
    const published = JSON.parse(readFileSync(file, 'utf8')) as OperatorAddress;
    expect(published).toMatchObject({ pid: server!.proc.pid, url: `http://127.0.0.1:${port}` });
  });

  it('airline:read reads a file without opening the database', async () => {
    const { code, output } = await cli([
      'airline:read',
      REAL,
      '--origin',
      'JFK',
      '--destination',
      'ATL',
      '--date',
      '2025-07-15',
      '--now',
      '2025-06-15T14:00:00Z',
      '--json',
    ]);
    expect(code, output).toBe(0);
    const doc = JSON.parse(output) as { kind: string; flights: { fares: { go_wild: unknown } }[]; ribbon: unknown[] };
    expect(doc.kind).toBe('flights');
    expect(doc.flights).toHaveLength(8);
    expect(doc.flights.filter((f) => f.fares.go_wild)).toHaveLength(6);
    expect(doc.ribbon).toHaveLength(7);
  }, 150_000);

  it('airline:reread asks the running server, and the token never reaches its log', async () => {
    const { code, output } = await cli(['airline:reread']);
    expect(code, output).toBe(0);
    const lines = output.trim().split('\n');
    expect(lines[0]).toBe(`1 of 2 kept unreadable pages now read (through the running server, pid ${server!.proc.pid}):`);
    expect(lines[1]).toMatch(/DEN-LAS 2026-04-02 {2}was: no FlightData assignment on the page {2}→ now still unreadable: /);
    expect(lines[2]).toMatch(/JFK-ATL 2025-07-15 {2}was: FlightData is not valid JSON: Bad control character {2}→ now reads: 8 flights$/);
    const { token } = JSON.parse(readFileSync(path.join(dataDir, OPERATOR_FILE), 'utf8')) as OperatorAddress;
    await waitFor(() => server!.output().includes('/api/admin/unreadable-pages/reread'), 'the request in the server log');
    expect(server!.output()).not.toContain(token);
  }, 150_000);

  it('refuses a wrong token and a missing one', async () => {
    const url = `http://127.0.0.1:${port}/api/admin/unreadable-pages/reread`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { authorization: 'Operator not-the-token' } })).status).toBe(401);
  });

  it('once the server has stopped, airline:reread opens the database itself', async () => {
    server!.proc.kill('SIGTERM');
    expect(await exitWithin(server!, 30_000)).toBe(0);
    expect(existsSync(path.join(dataDir, OPERATOR_FILE))).toBe(false);
    const { code, output } = await cli(['airline:reread']);
    expect(code, output).toBe(0);
    const lines = output.trim().split('\n');
    expect(lines[0]).toBe('1 of 2 kept unreadable pages now read:');
    expect(lines[2]).toMatch(/→ now reads: 8 flights$/);
  }, 180_000);
});
