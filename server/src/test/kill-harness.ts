import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { type AppDeps, createAppDeps } from '../deps';
import { manualClock } from '../lib/clock';
import { noJobs, recordingEmail, scriptedAirline, testFlight } from './alerts';
import { adminQuery, withDatabase } from './database';

/**
 * What the kill tests share (`npm run test:pg`): a PostgreSQL database of the test file's own, and for the alert ones
 * a child process killed (SIGKILL) at a point it prints, then the process restarted on the same database. The test
 * file keeps its own `describe.skipIf(!process.env.TEST_DATABASE_URL)`: scripts/test-pg.mjs picks the files that
 * name it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');

/**
 * A database named `prefix` and a random tail, created from TEST_DATABASE_URL before the file's tests and dropped
 * after them; migrated when opened. Call it before the file's own hooks: Vitest runs the after-hooks in reverse, so
 * the file's workers and fakes stop before the database is dropped.
 */
export function ownPostgresDatabase(prefix: string): { readonly url: string; readonly database: Database } {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  let url: string | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    if (!adminUrl) throw new Error('ownPostgresDatabase needs TEST_DATABASE_URL: skip the describe without it');
    await adminQuery(adminUrl, `create database ${name}`);
    url = withDatabase(adminUrl, name);
    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });
  return {
    get url() {
      if (url === undefined) throw new Error('the database is made in beforeAll');
      return url;
    },
    get database() {
      if (database === undefined) throw new Error('the database is made in beforeAll');
      return database;
    },
  };
}

interface KillHarnessOptions {
  /** The database's name before its random tail (each file its own, to tell them apart). */
  databasePrefix: string;
  /** The child script, in this folder; it prints each kill point's name when it gets there, or `no-match`. */
  child: string;
  /** The error when the child printed `no-match` (it found nothing to send, so the kill would prove nothing). */
  noMatch: string;
  /** The child's TEST_NOW; the restarted process's clock starts from it. */
  now: string;
  /** The fares of the one flight the restarted process's airline answers every query with. */
  fares: Parameters<typeof testFlight>[1];
}

/** An alert process killed at `Point` and restarted (see the module's comment); the database is `ownPostgresDatabase`. */
export function killHarness<Point extends string>(options: KillHarnessOptions) {
  const own = ownPostgresDatabase(options.databasePrefix);
  const child = path.resolve(here, options.child);

  /**
   * Starts the child (`env` added to its environment) and waits for it to reach `point`; the test kills it when it is
   * ready to, as the channel test does once every service holds its request.
   */
  async function reach(point: Point, env: Record<string, string> = {}): Promise<{ kill(): Promise<void> }> {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: own.url, ...env, TEST_NOW: options.now, KILL_POINT: point },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes(point)) resolve();
        if (out.includes('no-match')) {
          // The test fails here; the child would otherwise outlive the run.
          proc.kill('SIGKILL');
          reject(new Error(options.noMatch));
        }
      });
      void exited.then((how) => reject(new Error(`the child ended (${how}) before ${point}: ${out}`)));
    });
    return {
      async kill() {
        proc.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
      },
    };
  }

  return {
    get database() {
      return own.database;
    },
    reach,

    /** Starts the child, waits for it to reach `point`, and kills it there. */
    async killAt(point: Point): Promise<void> {
      await (await reach(point)).kill();
    },

    /**
     * The restarted process: the same database (and `env`), a recording mail server, the clock `afterMs` past the
     * child's time.
     */
    async restart(
      afterMs: number,
      env: Record<string, string> = {},
    ): Promise<{ deps: AppDeps; email: ReturnType<typeof recordingEmail>; clock: ReturnType<typeof manualClock> }> {
      const clock = manualClock(new Date(Date.parse(options.now) + afterMs));
      const email = recordingEmail();
      const airline = scriptedAirline();
      airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, options.fares)] }));
      const deps = await createAppDeps(testConfig({ DATABASE_URL: own.url, ...env }), own.database, {
        clock,
        email,
        jobs: noJobs,
        flights: airline.engine(clock),
      });
      return { deps, email, clock };
    },
  };
}
