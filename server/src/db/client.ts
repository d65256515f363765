import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';
import { sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describeConnectionError, isConnectionError } from '../lib/connection-errors';
import { type DependencyStatus, createDependencyStatus } from '../lib/dependency-status';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs `fn` while no other process of this app on the same database runs its own (decision 051). */
export type StartupLock = <T>(fn: () => Promise<T>) => Promise<T>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client itself, for the job queue's SQL adapter (jobs/pg-boss-runner.ts); unset on PostgreSQL. */
  pglite?: PGlite;
  /** Throws when the database does not answer; also tells `status`. */
  ping(): Promise<void>;
  /** Whether every migration this code ships has been applied (false while a newer process has yet to run them). */
  migrationsApplied(): Promise<boolean>;
  /**
   * Serialises start-up work between processes starting together on one PostgreSQL database (a session advisory lock
   * on a connection of its own, released after); on PGlite, which one process owns, it just runs `fn`.
   */
  withStartupLock: StartupLock;
  /** Up or down as connections open and break (decision 049): the health module logs each change. */
  status: DependencyStatus;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL when given; otherwise PGlite in `dataDir` (or in memory for `memory://`). */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: how long opening a connection may take before it counts as failed. */
  connectTimeoutMs?: number;
  /** PostgreSQL only: the pool's statement_timeout (0 for none). Migrations run on their own connection without it. */
  statementTimeoutMs?: number;
  /** Apply the migrations this code ships (default); false leaves the schema as it is (MIGRATE_ON_START, decision 138). */
  migrate?: boolean;
}

/** The database could not be reached at start: one line for the operator, no password and no stack. */
export class DatabaseUnreachableError extends Error {
  constructor(
    public readonly address: string,
    public readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot reach the database at ${address} (${reason})`, options);
    this.name = 'DatabaseUnreachableError';
  }
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** The key of the start-up advisory lock; advisory locks are per database, so this only meets this app's processes. */
const STARTUP_LOCK_KEY = 4_711_061_803;

let migrationFiles: MigrationMeta[] | undefined;
/** When the newest migration this code ships was made (drizzle keys applied migrations by it). */
function newestMigrationMillis(): number {
  migrationFiles ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return Math.max(0, ...migrationFiles.map((m) => m.folderMillis));
}

async function migrationsAppliedIn(db: Db): Promise<boolean> {
  try {
    const result = (await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { latest: string | number | null }[];
    };
    const latest = Number(result.rows[0]?.latest ?? 0);
    return latest >= newestMigrationMillis();
  } catch (err) {
    // No migrations table yet: nothing is applied. Anything else (the database away) is the caller's to report.
    if ((err as { cause?: { code?: string } }).cause?.code === '42P01' || (err as { code?: string }).code === '42P01') return false;
    throw err;
  }
}

/** host:port of a postgres:// URL, for messages (never the user or password). */
export function databaseAddress(databaseUrl: string): string {
  try {
    const u = new URL(databaseUrl);
    return `${u.hostname || u.searchParams.get('host') || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

/**
 * The one line an operator can act on when the database cannot be reached (where, and why, without the password or
 * a driver's stack) or the embedded one is open in another process, or null when `err` is something else. Used by
 * the server's start-up and by the CLI.
 */
export function unreachableDatabaseLine(err: unknown, databaseUrl: string | undefined): string | null {
  if (err instanceof DataDirInUseError) return err.message;
  if (!databaseUrl) return null;
  if (err instanceof DatabaseUnreachableError) return err.message;
  if (isConnectionError(err)) return `cannot reach the database at ${databaseAddress(databaseUrl)} (${describeConnectionError(err)})`;
  return null;
}

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for `memory://`), and migrates unless told not to. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  if (opts.dataDir === 'memory://') return wrapPglite(new PGlite(), opts.migrate ?? true);
  const dir = path.resolve(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  try {
    const database = await wrapPglite(new PGlite(dir), opts.migrate ?? true);
    const close = database.close;
    return { ...database, close: () => close().finally(release) };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string, opts: OpenDatabaseOptions): Promise<Database> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const address = databaseAddress(url);
  const status = createDependencyStatus('database');

  /** A connection of its own, outside the pool and without a statement time-out (migrations may run long). */
  async function dedicatedClient(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    // A session that breaks fails its running query; the event itself must not end the process.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('set statement_timeout = 0');
    } catch (err) {
      await client.end().catch(() => {});
      throw new DatabaseUnreachableError(address, describeConnectionError(err, connectTimeoutMs), { cause: err });
    }
    return client;
  }

  async function locked<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = await dedicatedClient();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await fn(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
      }
    } finally {
      await client.end().catch(() => {});
    }
  }

  // Migrate on the locked connection, so two processes starting on an empty database never both create the tables.
  if (opts.migrate ?? true) await locked((client) => migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR }));
  // Not migrating, the first query still proves the database is there: one line at start rather than a pool error later.
  else await dedicatedClient().then((client) => client.end());

  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(statementTimeoutMs > 0
      ? {
          statement_timeout: statementTimeoutMs,
          // The client-side bound for a server that stops answering altogether; the server's own time-out comes first.
          query_timeout: statementTimeoutMs + connectTimeoutMs,
        }
      : {}),
  });
  // Without these an idle connection closed under the pool (a terminated backend, a restart, a proxy's idle time-out)
  // or a checked-out one breaking mid-transaction is an unhandled 'error' event, and the process dies.
  pool.on('error', (err) => status.markDown(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => status.markDown(err));
    status.markUp();
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  status.markUp();
  return {
    db,
    kind: 'postgres',
    async ping() {
      try {
        await pool.query('select 1');
        status.markUp();
      } catch (err) {
        if (isConnectionError(err)) status.markDown(err);
        throw err;
      }
    },
    migrationsApplied: () => migrationsAppliedIn(db),
    withStartupLock: (fn) => locked(() => fn()),
    status,
    close: () => pool.end(),
  };
}

/** Wraps an open PGlite client (tests pass clones of a migrated template). */
export async function wrapPglite(client: PGlite, runMigrations: boolean): Promise<Database> {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (runMigrations) await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => void (await db.execute(sql`select 1`)),
    migrationsApplied: () => migrationsAppliedIn(db),
    withStartupLock: (fn) => fn(),
    status: createDependencyStatus('database', 'up'),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
