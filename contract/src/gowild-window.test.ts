import { describe, expect, it } from 'vitest';
import {
  goWildOpensOn,
  goWildRouteKind,
  goWildSegmentOpensAt,
  goWildTripOpening,
  isGoWildRouteOpen,
  isGoWildTripOpen,
} from './gowild-window';

const ORLANDO = 'America/New_York';
const DENVER = 'America/Denver';
const SAN_JUAN = 'America/Puerto_Rico';

/** Orlando → Denver → Las Vegas on one date, as the airline would sell it: the Denver leg's window opens last. */
function orlandoDenverLasVegas(date: string) {
  return [
    { departure_time: `${date}T18:00:00`, timeZone: ORLANDO },
    { departure_time: `${date}T21:00:00`, timeZone: DENVER },
  ];
}

describe('GoWild booking window per segment (decision 175)', () => {
  it('opens domestic segments the day before departure and international ones 10 days before', () => {
    expect(goWildOpensOn('domestic', '2026-04-03')).toBe('2026-04-02');
    expect(goWildOpensOn('international', '2026-04-11')).toBe('2026-04-01');
    expect(goWildOpensOn('domestic', '2026-03-01')).toBe('2026-02-28');
  });

  it("opens a segment at midnight on its departure airport's clock", () => {
    // Summer: Denver is UTC-6, Orlando UTC-4; winter: UTC-7 and UTC-5.
    expect(goWildSegmentOpensAt('domestic', '2026-07-10', DENVER).toISOString()).toBe('2026-07-09T06:00:00.000Z');
    expect(goWildSegmentOpensAt('domestic', '2026-07-10', ORLANDO).toISOString()).toBe('2026-07-09T04:00:00.000Z');
    expect(goWildSegmentOpensAt('domestic', '2026-12-10', DENVER).toISOString()).toBe('2026-12-09T07:00:00.000Z');
    expect(goWildSegmentOpensAt('international', '2026-12-20', SAN_JUAN).toISOString()).toBe('2026-12-10T04:00:00.000Z');
  });

  it('opens a connecting trip across time zones at midnight at its last airport, to the minute, in summer time', () => {
    const trip = orlandoDenverLasVegas('2026-07-10');
    const opening = goWildTripOpening('domestic', trip);
    expect(opening).toMatchObject({ segment: 1, opensOn: '2026-07-09', timeZone: DENVER });
    // 23:59 in Denver the evening before (01:59 already in Orlando): shut.
    expect(isGoWildTripOpen(new Date('2026-07-09T05:59:00Z'), 'domestic', trip)).toBe(false);
    // The Orlando leg alone is open since midnight in Orlando; the trip is not.
    expect(isGoWildTripOpen(new Date('2026-07-09T05:59:00Z'), 'domestic', trip.slice(0, 1))).toBe(true);
    expect(isGoWildTripOpen(new Date('2026-07-09T06:00:00Z'), 'domestic', trip)).toBe(true);
  });

  it('does the same in winter time, an hour later in UTC', () => {
    const trip = orlandoDenverLasVegas('2026-12-10');
    // 22:30 in Denver the evening before, and still 23:59 there a minute before.
    expect(isGoWildTripOpen(new Date('2026-12-09T05:30:00Z'), 'domestic', trip)).toBe(false);
    expect(isGoWildTripOpen(new Date('2026-12-09T06:59:00Z'), 'domestic', trip)).toBe(false);
    expect(isGoWildTripOpen(new Date('2026-12-09T07:00:00Z'), 'domestic', trip)).toBe(true);
  });

  it('lets an eastbound first segment decide when its own midnight comes later', () => {
    // Denver → Orlando → San Juan on one date: Denver's midnight is two hours after Orlando's.
    const trip = [
      { departure_time: '2026-12-10T06:00:00', timeZone: DENVER },
      { departure_time: '2026-12-10T14:00:00', timeZone: ORLANDO },
    ];
    expect(goWildTripOpening('domestic', trip)).toMatchObject({ segment: 0, timeZone: DENVER });
    expect(isGoWildTripOpen(new Date('2026-12-09T06:59:00Z'), 'domestic', trip)).toBe(false);
  });

  it('counts a segment leaving after midnight at the hub on the next day', () => {
    const trip = [
      { departure_time: '2026-12-10T20:00:00', timeZone: ORLANDO },
      { departure_time: '2026-12-11T00:30:00', timeZone: DENVER },
    ];
    expect(goWildTripOpening('domestic', trip)).toMatchObject({ opensOn: '2026-12-10', timeZone: DENVER });
    expect(isGoWildTripOpen(new Date('2026-12-10T06:59:00Z'), 'domestic', trip)).toBe(false);
  });

  it('crosses the spring change of clocks: midnight is before 2 AM, so the opening moves with the zone', () => {
    // Clocks go forward at 2 AM on 2026-03-08 in the US; midnight that day is still standard time.
    expect(goWildSegmentOpensAt('domestic', '2026-03-09', DENVER).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(goWildSegmentOpensAt('domestic', '2026-03-10', DENVER).toISOString()).toBe('2026-03-09T06:00:00.000Z');
  });

  it('opens a route at the origin airport when no flight is known yet', () => {
    expect(isGoWildRouteOpen(new Date('2026-12-09T06:59:00Z'), 'domestic', '2026-12-10', DENVER)).toBe(false);
    expect(isGoWildRouteOpen(new Date('2026-12-09T07:00:00Z'), 'domestic', '2026-12-10', DENVER)).toBe(true);
    // Unknown zone: US Eastern.
    expect(isGoWildRouteOpen(new Date('2026-12-09T05:00:00Z'), 'domestic', '2026-12-10', undefined)).toBe(true);
    // Stays open through the travel day.
    expect(isGoWildRouteOpen(new Date('2026-12-11T03:00:00Z'), 'domestic', '2026-12-10', DENVER)).toBe(true);
  });

  it('treats a trip with a foreign end as international for every segment, territories as domestic', () => {
    expect(goWildRouteKind('US', 'PR')).toBe('domestic');
    expect(goWildRouteKind('US', 'MX')).toBe('international');
    expect(goWildRouteKind(undefined, 'US')).toBe('international');
  });
});
