import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { flightPaths } from './flight-map';

describe('flightPaths', () => {
  it('groups flights by the airports they pass through, most flights first', () => {
    const seg = (from: string, to: string) => ({
      departure_airport: from,
      arrival_airport: to,
      departure_time: '2026-04-02T06:00:00',
      arrival_time: '2026-04-02T08:00:00',
      flight_number: 'F9 1',
    });
    const nonstop = buildFlight({ stops: 0 });
    const a = { ...nonstop, segments: [seg('DEN', 'LAS')] };
    const b = { ...nonstop, segments: [seg('DEN', 'ORD'), seg('ORD', 'LAS')] };
    const c = { ...nonstop, segments: [seg('DEN', 'ORD'), seg('ORD', 'LAS')] };
    expect(flightPaths([a, b, c])).toEqual([
      { codes: ['DEN', 'ORD', 'LAS'], flights: 2 },
      { codes: ['DEN', 'LAS'], flights: 1 },
    ]);
  });

  it('falls back to origin and destination for a flight without segments', () => {
    const f = { ...buildFlight({ stops: 0 }), origin: 'DEN', destination: 'MCO', segments: [] };
    expect(flightPaths([f])).toEqual([{ codes: ['DEN', 'MCO'], flights: 1 }]);
  });
});
