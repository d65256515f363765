import { findAirport, isDomesticRoute } from '../../../lib/reference-data/airports';
import { BLACKOUT_SEED, ROUTE_SEED } from '../../../lib/reference-data/seed';

export interface EmulatorAirport {
  code: string;
  cityAndCode: string;
  lat: number;
  lng: number;
  timezone: string;
}

/** What the emulated airline knows about itself: its network, its airports and its GoWild blackout dates. */
export interface EmulatorNetwork {
  routes(): readonly { origin: string; destination: string }[];
  airport(code: string): EmulatorAirport | undefined;
  isBlackout(date: string): boolean;
  isDomesticRoute(origin: string, destination: string): boolean;
}

function airport(code: string): EmulatorAirport | undefined {
  const a = findAirport(code);
  return a ? { code: a.stationCode, cityAndCode: a.cityAndCode, lat: a.lat, lng: a.lng, timezone: a.timezone } : undefined;
}

/** The network as the app's reference data holds it (in-process emulator: operator edits show up at once). */
export function networkFromReference(reference: {
  routes(): readonly { origin: string; destination: string }[];
  isBlackout(date: string): boolean;
}): EmulatorNetwork {
  return { routes: () => reference.routes(), isBlackout: (d) => reference.isBlackout(d), airport, isDomesticRoute };
}

/** The committed snapshot, for the standalone emulator that has no database. */
export function seedNetwork(): EmulatorNetwork {
  const blackouts = new Set(BLACKOUT_SEED.map((b) => b.date));
  return { routes: () => ROUTE_SEED, isBlackout: (d) => blackouts.has(d), airport, isDomesticRoute };
}
