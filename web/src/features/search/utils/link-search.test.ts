import { describe, expect, it } from 'vitest';
import { linkRequest } from './search-page-state';
import { parseSearchLink } from './search-link';
import { linkSearch } from './link-search';

/** Links of every shape the page meets: each must start the same search early as the page would, or none. */
const LINKS = [
  'origin=DEN&date=2026-12-01',
  'origin=DEN&date=2026-12-01&screen=departure_flights',
  'origin=den,mco&date=2026-12-01',
  'origin=city:nyc&date=2026-12-01',
  'origin=DEN&destination=MCO&date=2026-12-01',
  'origin=DEN&date=2026-12-01&screen=return_flights&flight=abc_123',
  'origin=DEN&date=2026-12-01&screen=return_flights&flight=abc_123&flight_ref=nonsense',
  'destination=MCO&date=2026-12-01&direction=inbound',
  'origin=DEN&destination=MCO&date=2026-12-01&direction=inbound',
  'destination=MCO&date=2026-12-01&direction=inbound&screen=return_flights',
  'origin=DEN&date=2026-12-01&screen=search',
  'origin=DEN&date=2026-12-01&screen=elsewhere',
  'origin=DEN&date=2026-02-30',
  'origin=DEN&date=2028-02-29',
  'origin=DEN&date=2026-13-01',
  'origin=DEN&date=2026-1-01',
  'origin=DEN&date= 2026-12-01 ',
  'origin=DEN',
  'date=2026-12-01',
  'origin=DEN&date=2026-12-01&direction=sideways',
  'origin=DEN&date=2026-12-01&screen=return_flights&flight=bad%20hash',
  'origin=%20&date=2026-12-01',
  '',
  'utm_source=mail',
];

describe('the early search of a link', () => {
  it.each(LINKS)('is the search the page runs for ?%s', (query) => {
    const params = new URLSearchParams(query);
    const parsed = parseSearchLink(params);
    const page = parsed.kind === 'link' && parsed.link.screen !== 'search' ? linkRequest(parsed.link) : null;
    expect(linkSearch(params)).toEqual(page);
  });
});
