import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { openDatabase } from './client';
import { routes } from './schema';

async function tableNames(db: Awaited<ReturnType<typeof createTestDatabase>>['db']): Promise<string[]> {
  // Both drivers answer with `rows`; the shared Db type leaves the result shape open.
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as {
    rows: { table_name: string }[];
  };
  return result.rows.map((r) => r.table_name);
}

describe('migrations', () => {
  it(`create the schema on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    const database = await createTestDatabase();
    try {
      expect(await tableNames(database.db)).toEqual(
        expect.arrayContaining(['blackout_dates', 'routes', 'users', 'sessions', 'search_logs']),
      );
      await database.db.insert(routes).values({ origin: 'DEN', destination: 'LAS' });
      // The composite primary key holds: a route is stored once.
      await expect(database.db.insert(routes).values({ origin: 'DEN', destination: 'LAS' })).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('keep PGlite data in DATA_DIR across restarts and re-apply nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gw-pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.db.insert(routes).values({ origin: 'MCO', destination: 'SJU' });
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      // Read as the server reads the network (reference.repository's listRoutes), so the SQL ledger finds the
      // statement proven on PostgreSQL too, where this test is skipped.
      const rows = await second.db
        .select({ origin: routes.origin, destination: routes.destination })
        .from(routes)
        .orderBy(asc(routes.origin), asc(routes.destination));
      expect(rows.map((r) => `${r.origin}-${r.destination}`)).toEqual(['MCO-SJU']);
      await second.ping();
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
