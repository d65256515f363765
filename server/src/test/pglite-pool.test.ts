import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, wrapPglite } from '../db/client';
import { createPglitePool } from './pglite-pool';

let dump: Blob;
beforeAll(async () => {
  const client = new PGlite();
  await wrapPglite(client, true);
  dump = await client.dumpDataDir('none');
  await client.close();
});

/** Straight to the client, not through drizzle: the SQL ledger (decision 253) is for the server's own statements. */
async function rows(database: Database, text: string): Promise<Record<string, unknown>[]> {
  return (await database.pglite!.query<Record<string, unknown>>(text)).rows;
}

describe('the embedded test databases handed out again', () => {
  it('come back as the migrations left them: data gone, seed rows and sequences back, session reset', async () => {
    const pool = createPglitePool(async () => dump);
    const fresh = await pool.lease();
    const seedRows = await rows(fresh, 'select * from unreadable_page_notices order by 1');
    const migrations = await rows(fresh, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(seedRows.length).toBeGreaterThan(0);
    await rows(
      fresh,
      `insert into users (email, password_hash, first_name, last_name)
      values ('a@example.com', 'x', 'A', 'B')`,
    );
    const first = await rows(fresh, "select nextval('flight_observations_id_seq') as id");
    await rows(fresh, 'delete from unreadable_page_notices');
    await rows(fresh, "set time zone 'Asia/Tokyo'");
    await rows(fresh, 'select pg_advisory_lock(42)');
    await fresh.close();
    expect(pool.waiting()).toBe(1);

    const again = await pool.lease();
    expect(pool.waiting()).toBe(0);
    expect(await rows(again, 'select count(*)::int as n from users')).toEqual([{ n: 0 }]);
    expect(await rows(again, 'select * from unreadable_page_notices order by 1')).toEqual(seedRows);
    expect(await rows(again, 'select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual(migrations);
    expect(await rows(again, 'show time zone')).not.toEqual([{ TimeZone: 'Asia/Tokyo' }]);
    expect(await rows(again, 'select pg_try_advisory_lock(42) as got')).toEqual([{ got: true }]);
    expect(await rows(again, "select nextval('flight_observations_id_seq') as id")).toEqual(first);
    expect(await again.migrationsApplied()).toBe(true);
    await again.close();
  });

  it('a closed database refuses what its test still holds, as a closed client would', async () => {
    const pool = createPglitePool(async () => dump);
    const database = await pool.lease();
    const late = database.db;
    await database.close();
    await expect(late.execute(sql`select 1`)).rejects.toThrow();
    await expect(database.ping()).rejects.toThrow();
    // Closing twice is one close.
    await database.close();
    expect(pool.waiting()).toBe(1);
  });

  it('is not handed out again when its test changed the catalogue, closed the client, or left a transaction open', async () => {
    const pool = createPglitePool(async () => dump);
    const changed = await pool.lease();
    await rows(changed, 'create schema pgboss');
    await changed.close();
    const altered = await pool.lease();
    await rows(altered, 'alter table users add column nickname text');
    await altered.close();
    const closedByTest = await pool.lease();
    await closedByTest.pglite!.close();
    await closedByTest.close();
    const inTransaction = await pool.lease();
    await inTransaction.pglite!.exec('begin');
    await inTransaction.close();
    expect(pool.waiting()).toBe(0);
  });

  it('hands out a database to each of two tests at once', async () => {
    const pool = createPglitePool(async () => dump);
    const [a, b] = await Promise.all([pool.lease(), pool.lease()]);
    await rows(a, `insert into users (email, password_hash, first_name, last_name) values ('a@example.com', 'x', 'A', 'B')`);
    expect(await rows(b, 'select count(*)::int as n from users')).toEqual([{ n: 0 }]);
    await Promise.all([a.close(), b.close()]);
    expect(pool.waiting()).toBe(2);
  });
});
