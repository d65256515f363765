import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from './lib/connection-errors';
import { adminQuery } from './test/database';
import { type ServerProcess, freePort, startServer, waitFor } from './test/server-process';
import { hostPort, startTcpProxy } from './test/tcp';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Decision 049: PostgreSQL going away under a running server. The real server runs in a child process, reaching
 * its own database through a TCP proxy the test cuts and restores (the machine's PostgreSQL stays up for the other
 * tests). Runs in the PostgreSQL suite (`npm run test:pg`).
 */
describe.skipIf(!adminUrl)('the database going away under a running server', () => {
  const dbName = `gw_outage_${randomBytes(5).toString('hex')}`;
  let port: string;
  let base: string;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await adminQuery(adminUrl!, `create database ${dbName}`);
    proxy = await startTcpProxy(hostPort(adminUrl!, 5432));
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    url.host = `127.0.0.1:${proxy.port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'gw-outage-'));
    server = startServer({
      DATABASE_URL: url.toString(),
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      EMULATOR_LATENCY_MS: '0',
      EMULATOR_JITTER_MS: '0',
    });
    await waitFor(() => server.ended() || server.output().includes('GoWild Finder on'), 'the server to listen', 90_000);
    expect(server.ended(), server.output()).toBe(false);
  }, 120_000);

  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    await adminQuery(adminUrl!, `drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A route that reads the database and needs nothing else: an unknown reset link is `valid: false`. */
  const readsDatabase = () =>
    fetch(`${base}/api/auth/verify-reset-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'no-such-link' }),
    });

  it('survives its connections being terminated, says so once, and serves again on new ones', async () => {
    // Several requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 5 }, readsDatabase));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    // The pool hears of each closed connection; without a listener that event ends the process.
    await waitFor(() => server.ended() || server.output().includes('database unreachable'), 'the server to notice', 30_000);
    expect(server.ended(), server.output()).toBe(false);
    expect(server.output().match(/database unreachable/g)).toHaveLength(1);

    // The pool hears of each of its closed connections on its own; a request in between may still be handed one and
    // answer 503 (never a 500). It must serve again on a new one within moments, without a restart.
    const answers: number[] = [];
    let again = await readsDatabase();
    for (let tries = 1; again.status !== 200 && tries < 50; tries++) {
      answers.push(again.status);
      await again.body?.cancel();
      // Paced, so the retries stay well inside the rate limit.
      await new Promise((resolve) => setTimeout(resolve, 200));
      again = await readsDatabase();
    }
    expect(answers.filter((status) => status !== 503)).toEqual([]);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ valid: false });
    // Said once the status hears of a good answer, which may come a moment after this one.
    await waitFor(() => server.output().includes('database reachable again'), 'the server to say the database is back', 15_000);
  }, 60_000);

  it('answers 503 JSON while the database is away, stays live and not ready, and recovers by itself', async () => {
    await proxy.cut();

    const refused = await readsDatabase();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: SERVICE_UNAVAILABLE_MESSAGE,
      message: SERVICE_UNAVAILABLE_MESSAGE,
      code: 'SERVICE_UNAVAILABLE',
    });
    const statuses = await Promise.all(Array.from({ length: 5 }, async () => (await readsDatabase()).status));
    expect(statuses).toEqual([503, 503, 503, 503, 503]);

    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const notReady = await fetch(`${base}/api/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not_ready', checks: { database: 'down' } });
    expect(server.ended()).toBe(false);

    await proxy.restore();
    await waitFor(async () => (await readsDatabase()).status === 200, 'requests to succeed again', 30_000);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not_configured', migrations: 'ok' } });
    expect(server.ended()).toBe(false);
  }, 90_000);
});
