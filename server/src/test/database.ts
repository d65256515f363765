import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, wrapPglite } from '../db/client';
import { createPglitePool } from './pglite-pool';

let pgTemplate: Promise<string> | undefined;

/** What the run's global setup provided (server/src/test/global-setup.ts), or nothing outside a Vitest run. */
async function provided(key: 'pgliteTemplateFile' | 'postgresTemplate'): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject(key);
  } catch {
    return undefined;
  }
}

/** The embedded databases of this worker: the migrated data directory of the run's global setup, else made here. */
const pglitePool = createPglitePool(async () => {
  const file = await provided('pgliteTemplateFile');
  if (file) return new Blob([await readFile(file)]);
  const client = new PGlite();
  await wrapPglite(client, true);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
});

/**
 * A fresh, migrated database for one test (decision 002). PGlite: loaded from a migrated data directory, made once
 * per run by the global setup (or once per process without it), or one a finished test closed, emptied again
 * (test/pglite-pool.ts). With TEST_DATABASE_URL set (the PostgreSQL suite in .ci/run) each test gets its own
 * database, copied from a template migrated once per run, so the same tests prove the same migrations on both.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return createPostgresTestDatabase(adminUrl);
  return pglitePool.lease();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement as the PostgreSQL admin (create or drop a database). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A test database's name: `gw_tpl_` (a template) or `gw_t_` (a test's copy), then the run's tag. `npm run test:pg`
 * sets TEST_DB_TAG and, at the end, drops only its own run's databases, so two suites on one PostgreSQL (a CI run and
 * an engineer's) never drop each other's.
 */
export function testDatabaseName(kind: 'template' | 'test'): string {
  const tag = process.env.TEST_DB_TAG ?? 'x';
  return `${kind === 'template' ? 'gw_tpl' : 'gw_t'}_${tag}_${randomBytes(kind === 'template' ? 4 : 6).toString('hex')}`;
}

async function createPostgresTestDatabase(adminUrl: string): Promise<Database> {
  pgTemplate ??= (async () => {
    const shared = await provided('postgresTemplate');
    if (shared) return shared;
    const name = testDatabaseName('template');
    await adminQuery(adminUrl, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: 'memory://' });
    await database.close();
    return name;
  })();
  const template = await pgTemplate;
  const name = testDatabaseName('test');
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: 'memory://' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name}`);
    },
  };
}
