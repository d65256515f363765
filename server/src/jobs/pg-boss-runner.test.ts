import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, wrapPglite } from '../db/client';
import type { Job } from '../lib/app-module';
import { adminQuery } from '../test/database';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createAppDeps, disposeAppDeps } from '../deps';
import { TICK_EXPIRE_SECONDS, cronFor, createPgBossJobRunner, pollingSecondsFor } from './pg-boss-runner';

const quietLog = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

/** Resolves when `predicate` holds, checking every `everyMs`; rejects after `withinMs` (a bound on waiting, not a timing assertion). */
async function until(predicate: () => boolean | Promise<boolean>, withinMs: number, everyMs = 200): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('cronFor', () => {
  it('turns whole minutes that divide an hour, and hours that divide a day, into a cron', () => {
    expect(cronFor(60_000)).toBe('* * * * *');
    expect(cronFor(10 * 60_000)).toBe('*/10 * * * *');
    expect(cronFor(60 * 60_000)).toBe('0 * * * *');
    expect(cronFor(6 * 3_600_000)).toBe('0 */6 * * *');
    expect(cronFor(24 * 3_600_000)).toBe('0 */24 * * *');
    for (const ms of [30_000, 7 * 60_000, 90 * 60_000, 5 * 3_600_000]) expect(() => cronFor(ms)).toThrow(/no cron schedule/);
  });
});

describe('pollingSecondsFor', () => {
  it('polls a twelfth of the period, between 2 s and 30 s', () => {
    expect([60_000, 10 * 60_000, 3_600_000, 10_000].map(pollingSecondsFor)).toEqual([5, 30, 30, 2]);
  });
});

describe('pg-boss on the embedded database (PGlite)', () => {
  let client: PGlite;
  let database: Database;
  beforeAll(async () => {
    client = new PGlite();
    database = await wrapPglite(client, true);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('installs its schema, schedules each job on its cron, works it, and on stop aborts and waits for the run', async () => {
    const runs: string[] = [];
    let release!: () => void;
    let sawAbort = false;
    const jobs: Job[] = [
      { name: 'test.quick', everyMs: 10 * 60_000, run: async () => void runs.push('quick') },
      {
        name: 'test.slow',
        everyMs: 60 * 60_000,
        run: async (_log, signal) => {
          runs.push('slow');
          await new Promise<void>((resolve) => {
            release = resolve;
            signal?.addEventListener('abort', () => {
              sawAbort = true;
              resolve();
            });
          });
        },
      },
    ];
    const runner = createPgBossJobRunner({ database, pollingIntervalSeconds: 0.5 });
    await runner.start(jobs, quietLog);
    await runner.started();
    const boss = runner.boss()!;
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      ['test.quick', '*/10 * * * *'],
      ['test.slow', '0 * * * *'],
    ]);
    expect(await boss.getQueue('test.quick')).toMatchObject({ policy: 'stately', retryLimit: 0, expireInSeconds: TICK_EXPIRE_SECONDS });

    // A tick, as the schedule would send it.
    await boss.send('test.quick', {});
    await until(() => runs.includes('quick'), 30_000);
    await boss.send('test.slow', {});
    await until(() => runs.includes('slow'), 30_000);
    await runner.stop();
    expect(sawAbort).toBe(true);
    release();
    // Its tables are in its own schema, beside the app's.
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name like 'test.%' and state = 'completed'`,
    );
    expect(rows[0]!.n).toBe(2);
  }, 120_000);

  it('is what the app runs with JOBS_RUNNER=pg-boss: every module job on its schedule', async () => {
    const embedded = await wrapPglite(new PGlite(), true);
    const deps = await createAppDeps(testConfig({ JOBS_RUNNER: 'pg-boss', WEB_DIST_DIR: '/nonexistent-web-dist' }), embedded);
    const app = await buildApp(deps);
    app.addHook('onClose', async () => {
      await disposeAppDeps(deps);
      await embedded.close();
    });
    try {
      await app.ready();
      const runner = deps.jobs as ReturnType<typeof createPgBossJobRunner>;
      await runner.started();
      const schedules = await runner.boss()!.getSchedules();
      expect(Object.fromEntries(schedules.map((s) => [s.name, s.cron]))).toEqual({
        'accounts.purge-expired': '0 * * * *',
        'alerts.check': '*/10 * * * *',
        'alerts.send-emails': '* * * * *',
        'alerts.window-open': '* * * * *',
        'billing.trial-reminders': '0 * * * *',
        'data-health.unreadable-pages-notice': '* * * * *',
        'data-health.unreadable-pages-prune': '0 * * * *',
        'digest.run': '* * * * *',
        'digest.send': '* * * * *',
        'observations.prune': '0 */6 * * *',
      });
    } finally {
      await app.close();
    }
  }, 120_000);
});

/**
 * Two processes on one PostgreSQL (`npm run test:pg`): each with its own pg-boss and pool, both working the same
 * job scheduled every minute. The minute's tick runs once, on one of them, however often each process looks at the
 * schedule. Waiting for a second minute would prove nothing more (the next tick goes through the same dedupe), so
 * the test watches one minute: both processes look at the schedule every second for several seconds after the run.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('pg-boss on PostgreSQL: two processes', () => {
  const dbName = `gw_boss_${randomBytes(5).toString('hex')}`;
  let url: string;
  let database: Database;
  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${dbName}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await adminQuery(adminUrl!, `drop database if exists ${dbName} with (force)`);
  });

  it('runs a job scheduled every minute once in the minute however many processes look at the schedule', async () => {
    const runs: { process: string; minute: number }[] = [];
    const job = (process: string): Job => ({
      name: 'test.tick',
      everyMs: 60_000,
      run: async () => void runs.push({ process, minute: Math.floor(Date.now() / 60_000) }),
    });
    const runners = ['a', 'b'].map(() =>
      createPgBossJobRunner({ database, databaseUrl: url, cronMonitorIntervalSeconds: 1, pollingIntervalSeconds: 0.5 }),
    );
    const WATCH_MS = 6000;
    // What the runners and pg-boss complain of (a queue error, a failed start), each with its second in the minute:
    // a tick that never comes is then explained in the failure instead of only timed out (seen once in CI).
    const said: string[] = [];
    const note = (o: unknown, msg?: string) => {
      const err = (o as { err?: unknown } | undefined)?.err;
      said.push(`${((Date.now() % 60_000) / 1000).toFixed(1)} s: ${msg ?? ''} ${err instanceof Error ? err.message : ''}`);
    };
    const noting = { ...quietLog, warn: note, error: note } as unknown as FastifyBaseLogger;
    try {
      // The current minute's tick is due at once. The watch must end inside that minute, or the next minute's tick
      // (a run that is due) would be counted: when fewer than 20 s are left in it, start with the next minute.
      const msLeft = 60_000 - (Date.now() % 60_000);
      if (msLeft < 20_000) await new Promise((r) => setTimeout(r, msLeft + 200));
      const minute = Math.floor(Date.now() / 60_000);
      await Promise.all(runners.map((r, i) => r.start([job(i === 0 ? 'a' : 'b')], noting)));
      await Promise.all(runners.map((r) => r.started()));
      const startedAt = ((Date.now() % 60_000) / 1000).toFixed(1);
      await until(() => runs.length >= 1, 30_000, 100).catch((err: Error) => {
        throw new Error(`${err.message} (started at ${startedAt} s in the minute; said: ${said.join(' | ') || 'nothing'})`);
      });
      // Both processes keep looking at the schedule (every second) and polling the queue: a duplicate would run now.
      await new Promise((r) => setTimeout(r, WATCH_MS));
      expect(Math.floor(Date.now() / 60_000), 'the watch ended inside the minute it started in').toBe(minute);
      expect(runs.map((r) => r.minute)).toEqual([minute]);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  }, 60_000);
});
