/**
 * The short hash that names one flight offer in URLs and local storage (docs/product/search.md#flight-hash). It is
 * computed on the server and can be recomputed by the web app from the flight it holds, so a link can be checked.
 * Inputs: departure_time, arrival_time, duration, stops, destination, flight_number and price (the flight's
 * lowest_price, empty when no fare is offered). Seat counts are not inputs: premium and free callers get the same hash.
 */
export interface FlightHashInput {
  departure_time: string;
  arrival_time: string;
  duration: number;
  stops: number;
  destination: string;
  flight_number: string;
  lowest_price: number | null;
}

export const FLIGHT_HASH_LENGTH = 11;

/** 53-bit string hash (cyrb53): two 32-bit lanes, no dependencies, same answer in Node and browsers. */
function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The canonical text the hash is taken over; exported so tests and tools can show what was hashed. */
export function flightHashText(f: FlightHashInput): string {
  const price = f.lowest_price === null ? '' : f.lowest_price.toFixed(2);
  return [f.departure_time, f.arrival_time, f.duration, f.stops, f.destination, f.flight_number, price].join('|');
}

/** Short, url-safe ([0-9a-z], fixed length) and stable across processes and releases. */
export function computeFlightHash(f: FlightHashInput): string {
  return cyrb53(flightHashText(f)).toString(36).padStart(FLIGHT_HASH_LENGTH, '0');
}
