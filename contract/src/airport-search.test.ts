import { describe, expect, it } from 'vitest';
import { airportSearchText, findAirports, matchesQuery, queryWords } from './airport-search';

const ap = (stationCode: string, city: string, name: string) => ({ stationCode, city, name });
const airports = [
  ap('MCO', 'Orlando', 'Orlando International'),
  ap('AUA', 'Oranjestad', 'Queen Beatrix International'),
  ap('LAS', 'Las Vegas', 'Harry Reid International'),
  ap('SLC', 'Salt Lake City', 'Salt Lake City International'),
];

describe('airport search', () => {
  it('splits what was typed into lower-case words', () => {
    expect(queryWords('  New  York LGA ')).toEqual(['new', 'york', 'lga']);
    expect(queryWords('   ')).toEqual([]);
  });

  it('matches when every word appears, in any order', () => {
    const text = airportSearchText(ap('LGA', 'New York', 'LaGuardia'));
    expect(matchesQuery(text, 'york new')).toBe(true);
    expect(matchesQuery(text, 'new york jfk')).toBe(false);
    expect(matchesQuery(text, '')).toBe(true);
  });

  it('finds airports by code, city or name, the exact code first, up to the limit', () => {
    expect(findAirports(airports, 'las').map((a) => a.stationCode)).toEqual(['LAS']);
    expect(findAirports(airports, 'or').map((a) => a.stationCode)).toEqual(['MCO', 'AUA']);
    expect(findAirports(airports, 'SLC').map((a) => a.stationCode)).toEqual(['SLC']);
    expect(findAirports(airports, 'vegas harry').map((a) => a.stationCode)).toEqual(['LAS']);
    expect(findAirports(airports, 'international', 2)).toHaveLength(2);
    expect(findAirports(airports, '  ')).toEqual([]);
  });

  it('puts an exact code ahead of airports that merely contain it', () => {
    const list = [ap('XYZ', 'Lasalle', 'Las Airfield'), ap('LAS', 'Las Vegas', 'Harry Reid International')];
    expect(findAirports(list, 'las').map((a) => a.stationCode)).toEqual(['LAS', 'XYZ']);
  });
});
