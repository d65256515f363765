import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, wrapPglite } from '../db/client';

let pgliteTemplate: Promise<PGlite> | undefined;
let pgTemplate: Promise<string> | undefined;

/**
 * A fresh, migrated database for one test. PGlite is migrated once per worker and cloned per test
 * (decision 002). With TEST_DATABASE_URL set (the PostgreSQL suite in .ci/run) each test gets its own database,
 * copied from a template migrated once per worker, so the same tests prove the same migrations on both.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return createPostgresTestDatabase(adminUrl);
  pgliteTemplate ??= (async () => {
    const client = new PGlite();
    await wrapPglite(client, true);
    return client;
  })();
  const clone = await (await pgliteTemplate).clone();
  return wrapPglite(clone as PGlite, false);
}

function withDatabase(url: string, name: string): string {
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

async function createPostgresTestDatabase(adminUrl: string): Promise<Database> {
  pgTemplate ??= (async () => {
    const name = `gw_tpl_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: 'memory://' });
    await database.close();
    return name;
  })();
  const template = await pgTemplate;
  const name = `gw_t_${randomBytes(6).toString('hex')}`;
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
