import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client';
import { adminQuery } from './database';
import { type ServerProcess, startServer, waitFor } from './server-process';

/**
 * Two real API processes (src/server.ts in child processes) on one fresh PostgreSQL database, with one JWT secret
 * and, when TEST_REDIS_URL is set, one Redis: the deployment of docs/ARCHITECTURE.md#running-several-api-processes,
 * for the races that only show across processes. The test reaches the database itself through `database`.
 */
export interface ApiProcesses {
  /** The base URLs of the two processes. */
  urls: [string, string];
  database: Database;
  /** Everything both printed, for a failing assertion's message. */
  output(): string;
  close(): Promise<void>;
}

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

/** Needs TEST_DATABASE_URL (the PostgreSQL suite); callers skip without it. */
export async function startApiProcesses(env: Record<string, string> = {}): Promise<ApiProcesses> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('startApiProcesses needs TEST_DATABASE_URL');
  const dbName = `gw_pair_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const close = async () => {
    for (const s of servers) s.proc.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  };
  try {
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'gw-pair-'));
      dirs.push(dir);
      servers.push(
        startServer({
          DATABASE_URL: url.toString(),
          ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
          DATA_DIR: dir,
          PORT: '0',
          HOST: '127.0.0.1',
          JWT_SECRET: 'shared-secret-of-the-whole-cluster-0123456789',
          RATE_LIMIT_PER_MINUTE: '1000000',
          WEB_DIST_DIR: '/nonexistent',
          EMULATOR_LATENCY_MS: '0',
          EMULATOR_JITTER_MS: '0',
          // No background sweep: it would ask the emulator behind the test's back (decision 188).
          SWEEP_BUDGET_PER_HOUR: '0',
          ...env,
        }),
      );
    }
    const urls: string[] = [];
    for (const s of servers) {
      await waitFor(() => s.ended() || LISTENING.test(s.output()), 'both API processes to listen', 150_000);
      const found = LISTENING.exec(s.output());
      if (!found) throw new Error(`an API process did not start:\n${s.output()}`);
      urls.push(found[1]!);
    }
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    return {
      urls: urls as [string, string],
      database,
      output: () => servers.map((s) => s.output()).join('\n'),
      close: async () => {
        await database.close();
        await close();
      },
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** A JSON call to one of the processes: the status and the parsed body. */
export async function call(
  base: string,
  method: string,
  route: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

/** Signs in through POST /api/auth/login on `base` and answers the session token. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}
