import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES, buildSearchQuery, parseSearchLink } from './search-link';

const parse = (qs: string) => parseSearchLink(new URLSearchParams(qs));

describe('search links', () => {
  it('is no link without any of the six parameters', () => {
    expect(parse('utm_source=x')).toEqual({ kind: 'none' });
  });
  it('reads an outbound link, normalising codes and keeping city values', () => {
    expect(parse('origin=den&date=2026-04-02')).toEqual({
      kind: 'link',
      link: { origin: 'DEN', destination: '', date: '2026-04-02', direction: 'outbound', screen: 'departure_flights', flight: '' },
    });
    expect(parse('origin=city:nyc&destination=las&date=2026-04-02&screen=return_flights&flight=abc123')).toMatchObject({
      kind: 'link',
      link: { origin: 'CITY:NYC', destination: 'LAS', screen: 'return_flights', flight: 'abc123' },
    });
  });
  it('names what is missing or wrong', () => {
    expect(parse('origin=DEN')).toEqual({ kind: 'invalid', message: LINK_MESSAGES.outboundMissing });
    expect(parse('direction=inbound&date=2026-04-02')).toEqual({ kind: 'invalid', message: LINK_MESSAGES.inboundMissing });
    expect(parse('origin=DEN&date=2026-13-40')).toEqual({ kind: 'invalid', message: LINK_MESSAGES.invalid });
    expect(parse('origin=DEN&date=2026-04-02&direction=sideways')).toEqual({ kind: 'invalid', message: LINK_MESSAGES.invalid });
    expect(parse('origin=DEN&date=2026-04-02&screen=map')).toEqual({ kind: 'invalid', message: LINK_MESSAGES.invalid });
    expect(parse('destination=LAS&date=2026-04-02&direction=inbound&screen=return_flights')).toEqual({
      kind: 'invalid',
      message: LINK_MESSAGES.invalid,
    });
  });
  it('writes the query string back, leaving out the search screen and the default direction', () => {
    expect(buildSearchQuery({ origin: 'CITY:NYC', date: '2026-04-02', direction: 'outbound', screen: 'search' })).toBe(
      'origin=CITY%3ANYC&date=2026-04-02',
    );
    expect(buildSearchQuery({ origin: 'DEN', destination: 'LAS', date: '2026-04-02', screen: 'return_flights', flight: 'h1' })).toBe(
      'origin=DEN&destination=LAS&date=2026-04-02&screen=return_flights&flight=h1',
    );
    expect(
      buildSearchQuery({ origin: 'DEN', destination: 'LAS', date: '2026-04-02', direction: 'inbound', screen: 'departure_flights' }),
    ).toBe('destination=LAS&date=2026-04-02&direction=inbound&screen=departure_flights');
    const round = parse(buildSearchQuery({ origin: 'CITY:NYC', date: '2026-04-02', screen: 'return_flights', flight: 'h1' }));
    expect(round).toMatchObject({ kind: 'link', link: { origin: 'CITY:NYC', screen: 'return_flights', flight: 'h1' } });
  });
});
