import type { Airport } from '@gowild/contract/reference';
import { describe, expect, it } from 'vitest';
import { findAirports } from '@gowild/contract/airport-search';
import { MARKER_COLOURS, buildNetwork, isHub, markerColour } from './network';

const airport = (code: string, city: string, lat = 40, lng = -100): Airport => ({
  stationCode: code,
  cityAndCode: `${city} (${code})`,
  countryCode: 'US',
  name: `${city} International`,
  city,
  region: 'XX',
  lat,
  lng,
  timezone: 'America/Denver',
});
const airports = [
  airport('DEN', 'Denver'),
  airport('LAS', 'Las Vegas'),
  airport('MCO', 'Orlando'),
  airport('AUA', 'Oranjestad'),
  airport('SFO', 'San Francisco'),
];

describe('hub colouring', () => {
  it('gives the nine hubs their own colour and everything else the airport colour', () => {
    for (const hub of ['DEN', 'ATL', 'LAS', 'LAX', 'ORD', 'DFW', 'PHX', 'SEA', 'MIA']) {
      expect(isHub(hub)).toBe(true);
      expect(markerColour(hub, null, new Set())).toBe(MARKER_COLOURS.hub);
    }
    expect(isHub('MCO')).toBe(false);
    expect(markerColour('MCO', null, new Set())).toBe(MARKER_COLOURS.airport);
  });

  it('colours the selected airport and the airports it links to over the hub colour', () => {
    expect(markerColour('DEN', 'DEN', new Set(['LAS']))).toBe(MARKER_COLOURS.selected);
    expect(markerColour('LAS', 'DEN', new Set(['LAS']))).toBe(MARKER_COLOURS.connected);
    expect(new Set(Object.values(MARKER_COLOURS)).size).toBe(4);
  });
});

describe('popup counts from the route table', () => {
  const network = buildNetwork(
    [
      { origin: 'DEN', destination: 'LAS' },
      { origin: 'LAS', destination: 'DEN' },
      { origin: 'DEN', destination: 'MCO' },
      { origin: 'MCO', destination: 'DEN' },
      // One way only.
      { origin: 'DEN', destination: 'AUA' },
      { origin: 'SFO', destination: 'DEN' },
      // An airport without coordinates is left out, not drawn at 0,0.
      { origin: 'DEN', destination: 'ZZZ' },
      // A duplicate counts once.
      { origin: 'DEN', destination: 'LAS' },
    ],
    airports,
  );

  it('lists outbound and inbound codes apart, each sorted, with their counts', () => {
    const den = network.routesOf('DEN');
    expect(den.outbound).toEqual(['AUA', 'LAS', 'MCO']);
    expect(den.inbound).toEqual(['LAS', 'MCO', 'SFO']);
    expect(den.linked).toEqual(['AUA', 'LAS', 'MCO', 'SFO']);
    expect(network.routeCount('DEN')).toBe(4);
    expect(network.routesOf('AUA')).toEqual({ outbound: [], inbound: ['DEN'], linked: ['DEN'] });
    expect(network.routeCount('AUA')).toBe(1);
  });

  it('puts on the map only airports that are on a route and have coordinates', () => {
    expect(network.airports.map((a) => a.stationCode)).toEqual(['AUA', 'DEN', 'LAS', 'MCO', 'SFO']);
    expect(network.routesOf('ZZZ')).toEqual({ outbound: [], inbound: [], linked: [] });
  });
});

describe('findAirports', () => {
  it('matches code, city or name, the exact code first', () => {
    expect(findAirports(airports, 'las').map((a) => a.stationCode)).toEqual(['LAS']);
    expect(findAirports(airports, 'or').map((a) => a.stationCode)).toEqual(['MCO', 'AUA']);
    expect(findAirports(airports, '  ')).toEqual([]);
  });
});
