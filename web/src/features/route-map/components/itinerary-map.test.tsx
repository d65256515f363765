import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';
import { ItineraryMap, itineraryAirports, itineraryMapLabel } from './itinerary-map';

afterEach(() => resetTestState());

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

const airports = [
  buildAirport('DEN', 'Denver', { lat: 39.86, lng: -104.67 }),
  buildAirport('ORD', 'Chicago', { lat: 41.98, lng: -87.9 }),
  buildAirport('MCO', 'Orlando', { lat: 28.43, lng: -81.31 }),
];

describe('ItineraryMap', () => {
  it('is one image named by the trip, with no zoom buttons (a still map)', async () => {
    mockApi({ 'GET /api/airports': () => ({ airports }) });
    renderWithProviders(
      <ItineraryMap flights={[buildFlight({ origin: 'DEN', destination: 'ORD' }), buildFlight({ origin: 'ORD', destination: 'MCO' })]} />,
    );
    const map = await screen.findByRole('img');
    expect(map.getAttribute('aria-label')).toBe(
      'Map of this trip from Denver (DEN) to Orlando (MCO): flight 1 to Chicago (ORD), a self-transfer there, flight 2 to Orlando (MCO).',
    );
    expect(map.querySelector('.leaflet-control-zoom')).toBeNull();
    expect(map.getAttribute('tabindex')).toBeNull();
  });

  it('says it cannot be drawn when an airport of the trip has no coordinates', async () => {
    mockApi({ 'GET /api/airports': () => ({ airports }) });
    renderWithProviders(
      <ItineraryMap flights={[buildFlight({ origin: 'DEN', destination: 'XYZ' }), buildFlight({ origin: 'XYZ', destination: 'MCO' })]} />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to display map');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
