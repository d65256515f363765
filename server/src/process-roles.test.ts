import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '@gowild/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { notifications } from './db/schema';
import { manualClock } from './lib/clock';
import { readOutbox } from './providers/email/outbox-reader';
import { adminQuery } from './test/database';
import { createUser } from './test/factories';
import { type ServerProcess, exitWithin, freePort, startCli, startServer, waitFor } from './test/server-process';

/**
 * The scale-out shape on the local PostgreSQL (`npm run test:pg`, decisions 137 and 138): a release step migrates, an
 * `api` process and a `worker` process start with MIGRATE_ON_START=false, and together they deliver an alert e-mail.
 * The api serves the API and runs no job; the worker runs the jobs and serves only the probes and metrics. Each has
 * its own DATA_DIR, so the e-mail outbox (the offline e-mail provider) shows which process sent what.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const NOW = '2026-04-01T16:00:00Z';
const TOMORROW = addDays('2026-04-01', 1);

describe.skipIf(!adminUrl)('api and worker processes on one PostgreSQL database', () => {
  const dbName = `gw_roles_${randomBytes(5).toString('hex')}`;
  const dirs = { api: mkdtempSync(path.join(tmpdir(), 'gw-api-')), worker: mkdtempSync(path.join(tmpdir(), 'gw-worker-')) };
  let url: string;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${dbName}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    url = u.toString();
  });
  afterAll(async () => {
    for (const s of started) s.proc.kill('SIGKILL');
    await adminQuery(adminUrl!, `drop database if exists ${dbName} with (force)`);
    for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
  });

  const env = (role: 'api' | 'worker', port: string) => ({
    DATABASE_URL: url,
    PROCESS_ROLE: role,
    MIGRATE_ON_START: 'false',
    DATA_DIR: dirs[role],
    PORT: port,
    HOST: '127.0.0.1',
    TEST_NOW: NOW,
    // Jobs on timers run each job as the process starts: the worker checks the alert at once, not at the next tick.
    JOBS_RUNNER: 'interval',
    EMULATOR_LATENCY_MS: '0',
    EMULATOR_JITTER_MS: '0',
  });
  async function start(role: 'api' | 'worker') {
    const port = await freePort();
    const s = startServer(env(role, port));
    started.push(s);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      () =>
        fetch(`${base}/api/ready`).then(
          (r) => r.status === 200,
          () => false,
        ),
      `the ${role} to be ready: ${s.output()}`,
      90_000,
    );
    return { s, base };
  }

  it('without the release step, a process with MIGRATE_ON_START=false refuses to start and says what to run', async () => {
    const s = startServer(env('api', await freePort()));
    started.push(s);
    expect(await exitWithin(s, 90_000)).toBe(1);
    expect(s.output()).toContain('Refusing to start: the database lacks migrations this release ships and MIGRATE_ON_START=false');
  }, 120_000);

  it('`migrate` applies the migrations and exits', async () => {
    const s = startCli(['migrate'], { DATABASE_URL: url });
    expect(await exitWithin(s, 90_000)).toBe(0);
    expect(s.output().trim()).toBe('migrations applied (postgres)');
  }, 120_000);

  it('the api runs no job, the worker serves no API, and the worker e-mails the alert the api process holds', async () => {
    let database: Database | undefined;
    try {
      // Migrated already when the tests above ran; on its own, this test migrates as the release step would.
      database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
      const user = await createUser({ database, clock: manualClock(new Date(NOW)) }, { isPremium: true });
      const [alert] = await database.db
        .insert(notifications)
        .values({ userId: user.id, originAirport: 'DEN', destinationAirport: 'MCO', travelDates: [TOMORROW], maxPriceCents: 500_000 })
        .returning();
      const alertRow = async () => (await database!.db.select().from(notifications).where(eq(notifications.id, alert!.id)))[0]!;

      const api = await start('api');
      expect((await fetch(`${api.base}/api/airports`)).status).toBe(200);
      // A process running the jobs on timers would have checked the alert the moment it started.
      await new Promise((r) => setTimeout(r, 3000));
      expect(await alertRow()).toMatchObject({ isCompleted: false, lastCheckedAt: null });

      const worker = await start('worker');
      expect((await fetch(`${worker.base}/api/health`)).status).toBe(200);
      expect((await fetch(`${worker.base}/metrics`)).status).toBe(200);
      for (const route of ['/api/airports', '/api/config', '/']) {
        expect({ route, status: (await fetch(`${worker.base}${route}`)).status }).toEqual({ route, status: 404 });
      }

      await waitFor(async () => (await alertRow()).notificationSent, 'the worker to send the alert e-mail', 60_000);
      const mails = await readOutbox(dirs.worker, { to: user.email });
      expect(mails.map((m) => m.subject).filter((s) => s.startsWith('Fare found'))).toHaveLength(1);
      expect(await readOutbox(dirs.api)).toEqual([]);
      expect(await alertRow()).toMatchObject({ isCompleted: true, foundTravelDate: TOMORROW });

      for (const s of [api.s, worker.s]) s.proc.kill('SIGTERM');
      expect(await Promise.all([exitWithin(api.s, 20_000), exitWithin(worker.s, 20_000)])).toEqual([0, 0]);
    } finally {
      await database?.close();
    }
  }, 240_000);
});
