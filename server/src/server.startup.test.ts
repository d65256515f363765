import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ROUTE_SEED } from './lib/reference-data/seed';
import { adminQuery } from './test/database';
import { type ServerProcess, exitWithin, freePort, startCli, startServer, waitFor } from './test/server-process';
import { closedPort, startBlackHole } from './test/tcp';

const lines = (s: ServerProcess) =>
  s
    .output()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

// Decision 049: a database that cannot be reached at start ends the process with one line, not a hang or a stack.
describe('start-up without a reachable database', () => {
  it('a database that accepts connections and never answers: one line naming it, exit 1', async () => {
    const hole = await startBlackHole();
    const s = startServer({
      DATABASE_URL: `postgres://gowild:not-to-be-printed@127.0.0.1:${hole.port}/gowild`,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATA_DIR: 'memory://',
      PORT: await freePort(),
    });
    try {
      // Generous: the line comes after the 1 s connect time-out plus the time to load the server.
      expect(await exitWithin(s, 90_000)).toBe(1);
      expect(lines(s)).toEqual([`Refusing to start: cannot reach the database at 127.0.0.1:${hole.port} (no answer within 1000 ms)`]);
      expect(s.output()).not.toContain('not-to-be-printed');
    } finally {
      s.proc.kill('SIGKILL');
      await hole.close();
    }
  }, 120_000);

  it('a port nothing listens on: one line naming it, exit 1', async () => {
    const port = await closedPort();
    const s = startServer({
      DATABASE_URL: `postgres://gowild:not-to-be-printed@127.0.0.1:${port}/gowild`,
      DATA_DIR: 'memory://',
      PORT: await freePort(),
    });
    try {
      expect(await exitWithin(s, 90_000)).toBe(1);
      expect(lines(s)).toEqual([`Refusing to start: cannot reach the database at 127.0.0.1:${port} (connection refused)`]);
    } finally {
      s.proc.kill('SIGKILL');
    }
  }, 120_000);

  it('the operator CLI says the same in one line, exit 1', async () => {
    const port = await closedPort();
    const s = startCli(['blackouts:list'], { DATABASE_URL: `postgres://gowild:not-to-be-printed@127.0.0.1:${port}/gowild` });
    try {
      expect(await exitWithin(s, 90_000)).toBe(1);
      expect(lines(s)).toEqual([`error: cannot reach the database at 127.0.0.1:${port} (connection refused)`]);
    } finally {
      s.proc.kill('SIGKILL');
    }
  }, 120_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;

// Decision 051: replicas started together on an empty database take turns to migrate and seed.
describe.skipIf(!adminUrl)('four replicas starting together on an empty PostgreSQL database', () => {
  it('all come up, and the database holds one copy of the reference data', async () => {
    const dbName = `gw_race_${randomBytes(5).toString('hex')}`;
    await adminQuery(adminUrl!, `create database ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const dirs: string[] = [];
    const servers: { s: ServerProcess; port: string }[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const dir = mkdtempSync(path.join(tmpdir(), 'gw-race-'));
        dirs.push(dir);
        const port = await freePort();
        servers.push({
          port,
          s: startServer({
            DATABASE_URL: url.toString(),
            DATA_DIR: dir,
            PORT: port,
            HOST: '127.0.0.1',
            JWT_SECRET: 'shared-secret-of-the-whole-cluster-0123456789',
            WEB_DIST_DIR: '/nonexistent',
            EMULATOR_LATENCY_MS: '0',
            EMULATOR_JITTER_MS: '0',
          }),
        });
      }
      for (const { s } of servers) {
        await waitFor(() => s.ended() || s.output().includes('GoWild Finder on'), 'every replica to listen or exit', 150_000);
      }
      for (const { s } of servers) expect(s.ended(), s.output()).toBe(false);
      for (const { port } of servers) {
        const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
        expect(ready.status).toBe(200);
      }
      // One copy of the network (GET /api/routes is premium-only now, decision 085: read the table itself).
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from routes');
        expect(rows[0]!.n).toBe(ROUTE_SEED.length);
      } finally {
        await client.end();
      }
    } finally {
      for (const { s } of servers) s.proc.kill('SIGKILL');
      await Promise.all(servers.map(({ s }) => s.exited));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await adminQuery(adminUrl!, `drop database if exists ${dbName} with (force)`);
    }
  }, 180_000);
});
