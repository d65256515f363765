import type { Flight } from '@gowild/contract/flights';
import { LIMITS } from '@gowild/contract/limits';

/** docs/product/search.md#stored-flights: per hash, the flight, its destination and when it was stored. */
export interface StoredFlight {
  flight: Flight;
  destination: string;
  timestamp: number;
}

const PREFIX = 'flight_summary_';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps a selected flight for 24 hours under its hash; expired entries are swept on every write. */
export function storeFlight(flight: Flight, destination: string, now: number = Date.now()): void {
  const s = storage();
  if (!s) return;
  sweepExpired(now);
  try {
    s.setItem(PREFIX + flight.flightHash, JSON.stringify({ flight, destination, timestamp: now } satisfies StoredFlight));
  } catch {
    /* storage full or blocked: the data-URL form of the summary still works */
  }
}

/** The stored flight for a hash, or null when missing, expired (removed then) or unreadable. */
export function readStoredFlight(hash: string, now: number = Date.now()): StoredFlight | null {
  const s = storage();
  if (!s) return null;
  const raw = s.getItem(PREFIX + hash);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as StoredFlight;
    if (typeof entry.timestamp !== 'number' || now - entry.timestamp > LIMITS.storedFlightTtlMs || !entry.flight) {
      s.removeItem(PREFIX + hash);
      return null;
    }
    return entry;
  } catch {
    s.removeItem(PREFIX + hash);
    return null;
  }
}

export function sweepExpired(now: number = Date.now()): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) {
    try {
      const e = JSON.parse(s.getItem(k) ?? '') as Partial<StoredFlight>;
      if (typeof e.timestamp !== 'number' || now - e.timestamp > LIMITS.storedFlightTtlMs) s.removeItem(k);
    } catch {
      s.removeItem(k);
    }
  }
}
