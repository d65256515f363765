import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/**
 * The SQL ledger (decision 253): with SQL_LEDGER_DIR set, every statement the server sends through drizzle is noted
 * with the test file that sent it and the engine it ran on, one JSON line per test file. `.ci/run` records the
 * embedded run (PGlite, every test) and the PostgreSQL run (the files that touch SQL only), and
 * `scripts/check-sql-ledger.mjs` fails when a statement ran on PGlite but never on PostgreSQL: so the PostgreSQL run
 * can skip files without any query going unproven there.
 */
interface Ledger {
  /** The test file running now in this process (vitest runs one file at a time per worker). */
  file: string;
  /** Statement text → engines it ran on, for the current file. */
  statements: Map<string, Set<string>>;
}

const KEY = Symbol.for('gowild.sqlLedger');
type WithLedger = typeof globalThis & { [KEY]?: Ledger };

/**
 * Wraps drizzle's one path to the driver, once per process: node_modules is loaded once per worker, while this
 * module is evaluated again for every test file.
 */
function install(): Ledger {
  const global = globalThis as WithLedger;
  const existing = global[KEY];
  if (existing) return existing;
  const ledger: Ledger = { file: '', statements: new Map() };
  global[KEY] = ledger;
  const proto = PgPreparedQuery.prototype as unknown as {
    queryWithCache(this: object, queryString: string, ...rest: unknown[]): Promise<unknown>;
  };
  const original = proto.queryWithCache;
  proto.queryWithCache = function (this: object, queryString: string, ...rest: unknown[]) {
    // PglitePreparedQuery or NodePgPreparedQuery.
    const engine = this.constructor.name.startsWith('Pglite') ? 'pglite' : 'postgres';
    let engines = ledger.statements.get(queryString);
    if (!engines) ledger.statements.set(queryString, (engines = new Set()));
    engines.add(engine);
    return original.call(this, queryString, ...rest);
  };
  return ledger;
}

/** Starts noting the statements of a test file (a no-op without SQL_LEDGER_DIR). */
export function startSqlLedger(file: string): void {
  if (!process.env.SQL_LEDGER_DIR) return;
  const ledger = install();
  ledger.file = file;
  ledger.statements.clear();
}

/** Appends the test file's statements to this process's ledger file. */
export function flushSqlLedger(): void {
  const dir = process.env.SQL_LEDGER_DIR;
  const ledger = (globalThis as WithLedger)[KEY];
  if (!dir || !ledger || ledger.statements.size === 0) return;
  mkdirSync(dir, { recursive: true });
  const statements = [...ledger.statements].map(([sql, engines]) => ({ sql, engines: [...engines] }));
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify({ file: ledger.file, statements })}\n`);
  ledger.statements.clear();
}
