import { describe, expect, it } from 'vitest';
import { goWildGap, goWildGapDetail, goWildGapTitle, routeKind } from './gowild-explain';

const charges = { earlyBookingChargeFrom: 29, peakDayChargeFrom: 79 };
// 2026-11-23 at noon US Eastern.
const now = new Date('2026-11-23T17:00:00Z');

describe('goWildGap', () => {
  it('names a blackout date first, whatever the window', () => {
    const gap = goWildGap({ now, date: '2026-11-24', kind: 'domestic', blackoutDates: ['2026-11-24'] });
    expect(gap).toEqual({ reason: 'blackout', date: '2026-11-24' });
    expect(goWildGapTitle(gap!)).toBe('GoWild blacked out on this date');
    expect(goWildGapDetail(gap!, charges)).toBe(
      'The pass is not valid on Tuesday, November 24, 2026; Standard and Discount Den fares are shown. ' +
        'Frontier sells a Peak Day Charge (from $79 per flight) that lets pass holders fly on blackout dates.',
    );
  });
  it('says when a domestic window opens: the day before, at the departure airport', () => {
    const gap = goWildGap({ now, date: '2026-12-02', kind: 'domestic', blackoutDates: [] });
    expect(gap).toEqual({ reason: 'not_open', date: '2026-12-02', kind: 'domestic', opensOn: '2026-12-01' });
    expect(goWildGapTitle(gap!)).toBe('GoWild opens on Tue, Dec 1 for this route');
    expect(goWildGapDetail(gap!, charges)).toContain('at midnight the day before each flight leaves, at its departure airport');
    expect(goWildGapDetail(gap!, charges)).toContain('Early Booking Charge (from $29)');
  });
  it('says when an international window opens: 10 days before', () => {
    const gap = goWildGap({ now, date: '2026-12-10', kind: 'international', blackoutDates: [] });
    expect(goWildGapTitle(gap!)).toBe('GoWild opens on Mon, Nov 30 for this route');
    expect(goWildGapDetail(gap!, charges)).toContain('10 days before each flight leaves');
  });
  it('is silent when the window is open and the day is not blacked out', () => {
    expect(goWildGap({ now, date: '2026-11-24', kind: 'domestic', blackoutDates: [] })).toBeNull();
    expect(goWildGap({ now, date: '2026-12-03', kind: 'international', blackoutDates: [] })).toBeNull();
    // 23:30 in Denver on the 23rd is still the 23rd there: the 25th does not open until midnight in Denver.
    const denver = { date: '2026-11-25', kind: 'domestic', blackoutDates: [], originTimeZone: 'America/Denver' } as const;
    expect(goWildGap({ ...denver, now: new Date('2026-11-24T06:30:00Z') })?.reason).toBe('not_open');
    expect(goWildGap({ ...denver, now: new Date('2026-11-24T07:00:00Z') })).toBeNull();
  });
  it('leaves out a charge the airline does not sell', () => {
    const gap = goWildGap({ now, date: '2026-11-24', kind: 'domestic', blackoutDates: ['2026-11-24'] })!;
    expect(goWildGapDetail(gap, { earlyBookingChargeFrom: null, peakDayChargeFrom: null })).not.toContain('Peak Day');
  });
});

describe('routeKind', () => {
  it('counts US territories as domestic', () => {
    expect(routeKind('US', 'PR')).toBe('domestic');
    expect(routeKind('US', 'MX')).toBe('international');
    expect(routeKind(undefined, 'US')).toBe('international');
  });
});
