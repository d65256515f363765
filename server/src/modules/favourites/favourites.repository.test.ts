import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { favourites, users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import { createFavouritesRepository } from './favourites.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 90_000);
afterAll(async () => {
  await database.close();
});

describe('favourites repository', () => {
  it('two saves of different parts at once both keep theirs (one row per traveller)', async () => {
    const repo = createFavouritesRepository(database.db);
    const user = await createUser({ database, clock: systemClock });
    const at = new Date('2026-12-01T10:00:00Z');
    await Promise.all([
      repo.save(user.id, { homeAirports: ['DEN'] }, at),
      repo.save(user.id, { favouriteAirports: ['MCO', 'CITY:NYC'] }, at),
      repo.save(user.id, { filters: { stops: 'nonstop' } }, at),
    ]);
    const row = await repo.read(user.id);
    expect(row).toMatchObject({ homeAirports: ['DEN'], favouriteAirports: ['MCO', 'CITY:NYC'], filters: { stops: 'nonstop' } });
    expect(await repo.originsOf(user.id)).toEqual(['DEN', 'MCO']);
    expect(await database.db.select().from(favourites).where(eq(favourites.userId, user.id))).toHaveLength(1);
  });

  it('answers nothing for a traveller who never saved, and goes with the account', async () => {
    const repo = createFavouritesRepository(database.db);
    const user = await createUser({ database, clock: systemClock });
    expect(await repo.read(user.id)).toBeUndefined();
    expect(await repo.originsOf(user.id)).toEqual([]);
    await repo.save(user.id, { homeAirports: ['LAS'] }, new Date());
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await repo.read(user.id)).toBeUndefined();
  });
});
