import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../lib/reference-data/airports';
import { REAL_PAGE_SEARCH, encodeAsTheSiteDoes, pageAround, realFlightData } from './frontier-real-page.fixture';
import { type ReadContext, readResultsPage } from './frontier-results';

const ctx: ReadContext = {
  bookingBaseUrl: 'https://booking.flyfrontier.com',
  dateFormat: 'YYYY-MM-DD',
  timeZoneOf: (c) => findAirport(c)?.timezone,
  goWildKind: { countryOf: (c) => findAirport(c)?.countryCode, isBlackout: () => false },
  now: new Date('2025-06-15T14:00:00Z'),
};

type Json = Record<string, unknown>;
const FLIGHTS = realFlightData().journeys[0]!.flights as unknown as Json[];
const FLIGHT_KEYS = Object.keys(FLIGHTS[0]!);
const LEG_KEYS = Object.keys((FLIGHTS[0]!.legs as Json[])[0]!);
/** What a flight cannot be read without (docs/product/providers.md#fields-we-read). */
const REQUIRED_LEG_KEYS = ['departureStation', 'arrivalStation', 'departureDate', 'arrivalDate', 'flightNumber'];

/**
 * Text a field may hold on the site: quotes, backslashes, ampersands, entities, brackets next to quotes (what the
 * site's own reader unwraps), JSON held in a string, non-ASCII. A bare `'` or `</` would end the site's own literal
 * or script, so the site cannot send them inside FlightData, and neither do we.
 */
const trickyText = fc.oneof(
  fc.constantFrom('"[', ']"', '\\', '\\"', '&quot;', '&amp;', '&#39;', 'a & b', '{"x":"[1]"}', '["a","b"]', 'é ✈ 東京', '\n\t', '\\u0041'),
  fc.string({ unit: fc.constantFrom('a', '"', '\\', '&', ';', '[', ']', '{', '}', ':', ',', ' ', 'é', 'q', 'u', 'o', 't') }),
);

/** One change to one flight: a field dropped, nulled or given tricky text, or a leg field dropped or nulled. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...FLIGHT_KEYS) }),
  fc.record({ kind: fc.constant('null' as const), key: fc.constantFrom(...FLIGHT_KEYS) }),
  fc.record({
    kind: fc.constant('text' as const),
    key: fc.constantFrom('stopsText', 'otpData', 'goWildFareKey', 'standardFareKey', 'duration'),
    text: trickyText,
  }),
  fc.record({ kind: fc.constant('leg-drop' as const), key: fc.constantFrom(...LEG_KEYS) }),
  fc.record({ kind: fc.constant('leg-null' as const), key: fc.constantFrom(...LEG_KEYS) }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(flight: Json, changes: Mutation[], order: number[]): Json {
  const f: Json = structuredClone(flight);
  for (const c of changes) {
    if (c.kind === 'drop') delete f[c.key];
    else if (c.kind === 'null') f[c.key] = null;
    else if (c.kind === 'text') f[c.key] = c.text;
    else if (Array.isArray(f.legs) && f.legs.length > 0) {
      const leg = f.legs[0] as Json;
      if (c.kind === 'leg-drop') delete leg[c.key];
      else leg[c.key] = null;
    }
  }
  // The same fields in another order.
  const keys = Object.keys(f);
  return Object.fromEntries(
    order
      .map((i) => keys[i % keys.length]!)
      .concat(keys)
      .map((k) => [k, f[k]]),
  );
}

/** Whether a flight still has what it cannot be read without. */
function readable(f: Json): boolean {
  const legs = f.legs;
  if (!Array.isArray(legs) || legs.length === 0) return false;
  return legs.every((l) => REQUIRED_LEG_KEYS.every((k) => (l as Json)[k] !== undefined && (l as Json)[k] !== null));
}

describe('the real page with fields dropped, nulled, escaped and re-ordered (property)', () => {
  it('never throws, reads every flight that has its required fields, and names the rest as malformed', () => {
    const page = fc.record({
      picks: fc.uniqueArray(fc.nat({ max: FLIGHTS.length - 1 }), { minLength: 1, maxLength: FLIGHTS.length }),
      changes: fc.array(fc.array(mutation, { maxLength: 4 }), { minLength: FLIGHTS.length, maxLength: FLIGHTS.length }),
      order: fc.array(fc.nat({ max: 60 }), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(page, ({ picks, changes, order }) => {
        const data = realFlightData();
        const flights = picks.map((i) => mutate(FLIGHTS[i]!, changes[i]!, order));
        Object.assign(data.journeys[0]!, { flights });
        const result = readResultsPage(
          { status: 200, body: pageAround(encodeAsTheSiteDoes(data)), retryAfter: null },
          { ...REAL_PAGE_SEARCH },
          ctx,
        );
        const expected = flights.filter(readable).length;
        if (expected === 0) {
          expect(result.kind).toBe('page-changed');
          return;
        }
        if (result.kind !== 'flights') throw new Error(`expected flights, got ${JSON.stringify(result)}`);
        expect(result.flights).toHaveLength(expected);
        expect(result.malformed?.length ?? 0).toBe(flights.length - expected);
        expect(result.ribbon?.[0]?.days).toHaveLength(7);
      }),
      { numRuns: 2000 },
    );
  });
});
