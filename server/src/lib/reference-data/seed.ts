import blackoutSeed from './blackout-dates.json' with { type: 'json' };
import routeSeed from './routes.json' with { type: 'json' };

/**
 * The committed snapshots of the route network and the GoWild blackout dates: the reference module seeds an empty
 * database from them, and the standalone emulator (which has no database) serves them.
 */
export const ROUTE_SEED: readonly { origin: string; destination: string }[] = routeSeed;
export const BLACKOUT_SEED: readonly { date: string; label: string }[] = blackoutSeed.map(({ date, label }) => ({ date, label }));
