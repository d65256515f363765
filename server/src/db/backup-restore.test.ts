import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../deps';
import { manualClock } from '../lib/clock';
import { noJobs } from '../test/alerts';
import { adminQuery, testDatabaseName } from '../test/database';
import { type SignedIn, signInAs, testPasswordHasher } from '../test/factories';
import { type Database, openDatabase } from './client';

/**
 * The backups of docs/operations.md#backups-and-restore, run with the very scripts the guide gives (ops/backup/): a
 * database populated through the API (users, sessions, demo subscriptions, alerts and their e-mails) is backed up,
 * restored into an empty one, and every row of every table is found there; the accounts sign in, list their alerts
 * and see their subscriptions through the restored service, and a session token issued before the backup still works.
 * PostgreSQL when TEST_DATABASE_URL is set (npm run test:pg), PGlite otherwise.
 */
const run = promisify(execFile);
const SCRIPTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ops/backup');
const adminUrl = process.env.TEST_DATABASE_URL;
const NOW = new Date('2026-07-15T16:00:00Z');

async function script(name: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(path.join(SCRIPTS, name), args, { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

async function startApp(database: Database, env: Record<string, string>) {
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', RATE_LIMIT_PER_MINUTE: '1000000', ...env });
  const deps = await createAppDeps(config, database, { clock: manualClock(NOW), passwordHasher: testPasswordHasher, jobs: noJobs });
  const app = await buildApp(deps);
  return {
    app,
    deps,
    /** As the server's shutdown does: the app, what the composition root opened, then the database. */
    async stop() {
      await deps.alertMailer.idle();
      await app.close();
      await disposeAppDeps(deps);
      await database.close();
    },
  };
}

interface Population {
  accounts: SignedIn[];
  alertsOf: Map<string, string[]>;
  subscriptionOf: Map<string, unknown>;
}

const alert = (dates: string[], price: number) => ({
  origin_airport: 'DEN',
  destination_airport: 'MCO',
  travel_dates: dates,
  max_price: price,
  gowild_only: false,
});

/** Accounts of every kind, through the API: a free user, two demo subscribers with alerts, a granted premium, an admin. */
async function populate(app: FastifyInstance, deps: AppDeps): Promise<Population> {
  const accounts: SignedIn[] = [];
  for (const role of ['free', 'free', 'free', 'premium', 'admin'] as const) accounts.push(await signInAs(app, deps, role));
  const [, sub1, sub2, premium] = accounts as [SignedIn, SignedIn, SignedIn, SignedIn];
  for (const [who, plan] of [
    [sub1, 'monthly'],
    [sub2, 'yearly'],
  ] as const) {
    const started = await app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: who.headers,
      payload: { plan_type: plan },
    });
    expect(started.statusCode).toBe(200);
    const session = new URL(started.json().checkout_url, 'http://app').searchParams.get('session')!;
    const confirmed = await app.inject({ method: 'POST', url: `/api/stripe/demo/checkout/${session}/confirm`, headers: who.headers });
    expect(confirmed.statusCode).toBe(200);
  }
  const made: [SignedIn, ReturnType<typeof alert>][] = [
    [sub1, alert(['2026-07-16'], 49)],
    [sub1, alert(['2026-07-17', '2026-07-18'], 120)],
    [sub2, alert(['2026-07-20'], 80)],
    [premium, alert(['2026-07-21'], 60)],
  ];
  for (const [who, payload] of made) {
    const res = await app.inject({ method: 'POST', url: '/api/notifications', headers: who.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
  }
  // The confirmation e-mails go out in the background: the backup is taken once they have.
  await deps.alertMailer.idle();
  const alertsOf = new Map<string, string[]>();
  const subscriptionOf = new Map<string, unknown>();
  for (const who of accounts) {
    alertsOf.set(who.user!.email, await alertIds(app, who));
    subscriptionOf.set(
      who.user!.email,
      (await app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: who.headers })).json(),
    );
  }
  expect([...alertsOf.values()].flat()).toHaveLength(4);
  expect([...subscriptionOf.values()].filter((s) => (s as { subscription: unknown }).subscription !== null)).toHaveLength(2);
  return { accounts, alertsOf, subscriptionOf };
}

async function alertIds(app: FastifyInstance, who: SignedIn): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/api/notifications?include_completed=true', headers: who.headers });
  if (res.statusCode === 403) return []; // not premium: no alerts to list
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as { id: string }[]).map((n) => n.id).sort();
}

/** Every row of every table of ours (and the applied-migrations table) but the process heartbeats, each table's rows in a fixed order. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const rows = async (q: string) => ((await database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const out: Record<string, string[]> = {};
  for (const { s, t } of tables as { s: string; t: string }[]) {
    // The processes alive now, not data (decision 247): the restored service writes its own heartbeat there.
    if (`${s}.${t}` === 'public.job_workers') continue;
    out[`${s}.${t}`] = (await rows(`select * from "${s}"."${t}"`)).map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** What the restored service must show: every table equal, and each account as it was, through the API. */
async function expectRestored(app: FastifyInstance, database: Database, before: Record<string, string[]>, population: Population) {
  const after = await snapshot(database);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const table of ['public.users', 'public.notifications', 'public.billing_subscriptions', 'public.sessions']) {
    expect(after[table]!.length, table).toBeGreaterThan(0);
  }
  expect(after).toEqual(before);

  for (const who of population.accounts) {
    const email = who.user!.email;
    // The token issued before the backup: the session rows and the signing key came back with the data.
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-token', payload: { token: who.token } });
    expect(verified.json(), email).toMatchObject({ valid: true, user: { email } });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: who.user!.password } });
    expect(login.statusCode, email).toBe(200);
    const fresh = { ...who, headers: { authorization: `Bearer ${login.json().token}` } };
    expect(await alertIds(app, fresh), email).toEqual(population.alertsOf.get(email));
    const subscription = await app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: fresh.headers });
    expect(subscription.json(), email).toEqual(population.subscriptionOf.get(email));
  }
}

describe.runIf(adminUrl)('PostgreSQL: pg_dump of a running service, pg_restore into an empty database', () => {
  // Test database names: npm run test:pg drops any its run left behind by a crash.
  const source = testDatabaseName('test');
  const target = testDatabaseName('test');
  const urlOf = (name: string) => Object.assign(new URL(adminUrl!), { pathname: `/${name}` }).toString();
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-backup-'));
    await adminQuery(adminUrl!, `create database ${source}`);
    await adminQuery(adminUrl!, `create database ${target}`);
  });
  afterAll(async () => {
    await adminQuery(adminUrl!, `drop database if exists ${source} with (force)`);
    await adminQuery(adminUrl!, `drop database if exists ${target} with (force)`);
    await rm(dir, { recursive: true, force: true });
  });

  it('finds every user, alert and subscription in the restored database', async () => {
    const env = { JWT_SECRET: 'the-signing-key-kept-with-the-backup-0123456789', DATA_DIR: path.join(dir, 'data') };
    const live = await startApp(await openDatabase({ databaseUrl: urlOf(source), dataDir: 'memory://' }), env);
    const population = await populate(live.app, live.deps);
    const before = await snapshot(live.deps.database);

    // Online: the service is still running while pg_dump reads.
    const file = path.join(dir, 'gowild.dump');
    const backup = await script('postgres-backup.sh', [file], { DATABASE_URL: urlOf(source) });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    // The client tools of the server's own major version (the machine's PostgreSQL 15, or whatever the server is).
    const [, server, client] = /PostgreSQL (\d+) server; client: pg_dump \(PostgreSQL\) (\d+)\./.exec(backup.stdout) ?? [];
    const { rows } = (await live.deps.database.db.execute(sql`show server_version_num`)) as unknown as {
      rows: { server_version_num: string }[];
    };
    expect(Number(server)).toBe(Math.floor(Number(rows[0]!.server_version_num) / 10_000));
    expect(client).toBe(server);
    await live.stop();

    const restore = await script('postgres-restore.sh', [file], { DATABASE_URL: urlOf(target) });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restoredDb = await openDatabase({ databaseUrl: urlOf(target), dataDir: 'memory://' });
    const restored = await startApp(restoredDb, env);
    try {
      expect(await restoredDb.migrationsApplied()).toBe(true);
      await expectRestored(restored.app, restoredDb, before, population);
    } finally {
      await restored.stop();
    }

    // A second restore over the now-populated database is refused, and changes nothing.
    const again = await script('postgres-restore.sh', [file], { DATABASE_URL: urlOf(target) });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/refusing to restore: the target database already has \d+ tables/);
  });

  it('refuses client tools of another major version than the server', async () => {
    const bin = path.join(dir, 'old-client');
    await mkdir(bin, { recursive: true });
    for (const tool of ['pg_dump', 'pg_restore']) {
      await writeFile(path.join(bin, tool), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
      await chmod(path.join(bin, tool), 0o755);
    }
    const res = await script('postgres-backup.sh', [path.join(dir, 'never.dump')], { DATABASE_URL: urlOf(source), PG_BIN: bin });
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/is PostgreSQL 9 but the server is PostgreSQL \d+/);
  });
});

describe.skipIf(adminUrl)('PGlite: a copy of the stopped data directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-backup-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Two embedded databases created and migrated, a tarball packed and unpacked: over 45 s on a loaded CI lane.
  it('finds every user, alert and subscription in the restored data directory', async () => {
    // No JWT_SECRET: the generated signing key lives in DATA_DIR and must travel with the database.
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'gowild.tar.gz');
    const live = await startApp(await openDatabase({ dataDir }), { DATA_DIR: dataDir });
    const population = await populate(live.app, live.deps);
    const before = await snapshot(live.deps.database);

    const whileOpen = await script('pglite-backup.sh', [dataDir, file]);
    expect(whileOpen.code).not.toBe(0);
    expect(whileOpen.stderr).toMatch(/refusing to back up: the database in .* is open/);
    await live.stop();

    const backup = await script('pglite-backup.sh', [dataDir, file]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);

    const restoredDir = path.join(dir, 'restored');
    const restore = await script('pglite-restore.sh', [file, restoredDir]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restoredDb = await openDatabase({ dataDir: restoredDir });
    const restored = await startApp(restoredDb, { DATA_DIR: restoredDir });
    try {
      await expectRestored(restored.app, restoredDb, before, population);
    } finally {
      await restored.stop();
    }

    const again = await script('pglite-restore.sh', [file, restoredDir]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already holds a database/);
  }, 180_000);
});
