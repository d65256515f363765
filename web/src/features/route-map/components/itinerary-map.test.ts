import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { itineraryAirports, itineraryMapLabel } from './itinerary-map';

const cities = new Map([
  ['DEN', { city: 'Denver' }],
  ['ORD', { city: 'Chicago' }],
  ['ATL', { city: 'Atlanta' }],
  ['MCO', { city: 'Orlando' }],
]);
const leg = (origin: string, destination: string) => buildFlight({ origin, destination });
const seg = (from: string, to: string) => ({
  departure_airport: from,
  arrival_airport: to,
  departure_time: '2026-04-02T06:00:00',
  arrival_time: '2026-04-02T08:00:00',
  flight_number: 'F9 1',
});

describe('itineraryMapLabel (what a screen reader hears for the map)', () => {
  it('names the ends, each flight and each self-transfer hub', () => {
    expect(itineraryMapLabel([leg('DEN', 'ORD'), leg('ORD', 'MCO')], cities)).toBe(
      'Map of this trip from Denver (DEN) to Orlando (MCO): flight 1 to Chicago (ORD), a self-transfer there, flight 2 to Orlando (MCO).',
    );
  });

  it('says one flight, and an airline stop as "via" (one booking, no self-transfer); an unknown city is its code', () => {
    const own = { ...leg('DEN', 'MCO'), segments: [seg('DEN', 'ATL'), seg('ATL', 'MCO')] };
    expect(itineraryMapLabel([own], cities)).toBe('Map of this trip from Denver (DEN) to Orlando (MCO): one flight via Atlanta (ATL).');
    expect(itineraryMapLabel([leg('DEN', 'XYZ'), leg('XYZ', 'MCO')], cities)).toContain('flight 1 to XYZ, a self-transfer there');
  });
});

describe('itineraryAirports (the markers)', () => {
  it('marks the ends, the hubs between bookings and the airline’s own stops, each once', () => {
    const own = { ...leg('ORD', 'MCO'), segments: [seg('ORD', 'ATL'), seg('ATL', 'MCO')] };
    expect(itineraryAirports([leg('DEN', 'ORD'), own])).toEqual([
      { code: 'DEN', kind: 'end' },
      { code: 'MCO', kind: 'end' },
      { code: 'ORD', kind: 'hub' },
      { code: 'ATL', kind: 'stop' },
    ]);
    expect(itineraryAirports([leg('DEN', 'LAS'), leg('LAS', 'ORD'), leg('ORD', 'MCO')]).filter((m) => m.kind === 'hub')).toEqual([
      { code: 'LAS', kind: 'hub' },
      { code: 'ORD', kind: 'hub' },
    ]);
    expect(itineraryAirports([])).toEqual([]);
  });
});
