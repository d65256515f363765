import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { flushSqlLedger, startSqlLedger } from './sql-ledger';

// The SQL ledger (decision 253): which statements this file sends, when SQL_LEDGER_DIR asks for it.
beforeAll(() => {
  startSqlLedger(path.relative(path.resolve(import.meta.dirname, '..', '..'), expect.getState().testPath ?? 'unknown'));
});
afterAll(() => {
  flushSqlLedger();
  // The next test file runs in the same process and module graph (isolate: false, decision 315): it starts from
  // real time and the real globals and environment, whatever this one left behind.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// Epic Stack habit: a console.error in a test is a failure, not noise.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});
