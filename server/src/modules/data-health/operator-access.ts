import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * How the operator's CLI reaches the server that holds the embedded database (decision 244). PGlite is one process's
 * database (decision 237), so while the server runs the CLI cannot open it; for the commands that may go through
 * the server instead (`airline:reread`), the server leaves in its data directory where it listens and a token made
 * at start, readable by the data directory's owner only. The token lives as long as the process and is never logged.
 */
export const OPERATOR_FILE = 'operator.json';

/** What the server leaves in DATA_DIR/operator.json. */
export interface OperatorAddress {
  pid: number;
  /** Where the CLI asks: this machine's loopback when the server listens on every address. */
  url: string;
  token: string;
}

type OperatorSettings = Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>;

/** The file, with the embedded database on disk only: on PostgreSQL or in memory the CLI opens the database itself. */
function operatorFile(config: OperatorSettings): string | undefined {
  if (config.DATABASE_URL || config.DATA_DIR === 'memory://') return undefined;
  return path.resolve(config.DATA_DIR, OPERATOR_FILE);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The pid in the embedded database's lock (DATA_DIR/pglite/gowild.lock, db/data-dir-lock.ts; decision 237): the
 * process that holds the database. Undefined without a lock (PostgreSQL, memory, or nobody has it open).
 */
export function embeddedDatabaseHolder(config: OperatorSettings): number | undefined {
  if (config.DATABASE_URL || config.DATA_DIR === 'memory://') return undefined;
  try {
    const pid = Number(readFileSync(path.resolve(config.DATA_DIR, 'pglite', 'gowild.lock'), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The address the CLI can reach a server listening at `address` on. */
export function reachableUrl(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * This process's operator token: `accepts` is true only for `Authorization: Operator <token>` once the server has
 * published it (so never on PostgreSQL or in memory, where nobody could have read it).
 */
export function createOperatorAccess(config: OperatorSettings) {
  const file = operatorFile(config);
  const token = randomBytes(32).toString('base64url');
  const expected = digest(token);
  let published = false;

  return {
    accepts(authorization: string | undefined): boolean {
      if (!published || !authorization) return false;
      const given = /^Operator[ \t]+(\S+)$/i.exec(authorization)?.[1];
      // Compared as digests: equal lengths, and no timing that tells how much of a guess was right.
      return given !== undefined && timingSafeEqual(digest(given), expected);
    },
    /**
     * Writes DATA_DIR/operator.json (mode 0600, replaced whole) once the server listens, when this process is the one
     * that holds the embedded database there (not a test's app on a database of its own, say).
     */
    publish(address: AddressInfo): void {
      if (!file || embeddedDatabaseHolder(config) !== process.pid) return;
      const body: OperatorAddress = { pid: process.pid, url: reachableUrl(address), token };
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, `${JSON.stringify(body)}\n`, { mode: 0o600 });
      renameSync(temp, file);
      published = true;
    },
    /** Removes the file at shutdown, unless another process has written its own since. */
    withdraw(): void {
      if (!file || !published) return;
      published = false;
      if (readOperatorAddress(config)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
export type OperatorAccess = ReturnType<typeof createOperatorAccess>;

/** The running server's address and token, as it left them; undefined when there is no such file. */
export function readOperatorAddress(config: OperatorSettings): OperatorAddress | undefined {
  const file = operatorFile(config);
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<OperatorAddress>;
  if (typeof parsed.pid !== 'number' || typeof parsed.url !== 'string' || typeof parsed.token !== 'string') {
    throw new Error(`${file} is not an operator address; the server writes it again when it starts`);
  }
  return { pid: parsed.pid, url: parsed.url, token: parsed.token };
}
