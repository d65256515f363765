import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createTestDatabase } from '../../../test/database';
import { createUsersRepository } from '../users/users.repository';
import { type SearchLogEntry, createSearchLogRepository } from './search-log.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 90_000);
afterAll(async () => {
  await database.close();
});

describe('search log repository', () => {
  it('writes a batch in one statement, every field under its column, cleaned as a single row is', async () => {
    const user = await createUsersRepository(database.db).insert({
      email: 'logged@example.com',
      passwordHash: null,
      firstName: 'Log',
      lastName: 'Ged',
      phoneNumber: null,
      createdAt: new Date('2026-04-01T00:00:00Z'),
    });
    const entries: SearchLogEntry[] = [
      {
        userId: user.id,
        originAirport: 'DEN',
        destinationAirport: null,
        searchType: 'search',
        searchDate: '2026-04-02',
        resultsFound: 70,
        totalFlights: 186,
        createdAt: new Date('2026-04-01T12:00:00.123Z'),
      },
      {
        userId: null,
        originAirport: 'CITY:NYC\u0000',
        destinationAirport: 'MCO',
        searchType: 'single',
        searchDate: '2026-02-30',
        resultsFound: -3,
        totalFlights: Number.NaN,
        createdAt: new Date('2026-04-01T12:00:01Z'),
      },
    ];
    await createSearchLogRepository(database.db).insertMany(entries);
    const rows = (await database.db.query.searchLogs.findMany()).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      userId: user.id,
      originAirport: 'DEN',
      destinationAirport: null,
      searchType: 'search',
      searchDate: '2026-04-02',
      resultsFound: 70,
      totalFlights: 186,
      createdAt: new Date('2026-04-01T12:00:00.123Z'),
    });
    expect(rows[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1]).toMatchObject({
      userId: null,
      originAirport: 'CITY:NYC',
      destinationAirport: 'MCO',
      searchType: 'single',
      searchDate: null,
      resultsFound: 0,
      totalFlights: 0,
    });
  });
});
