import { describe, expect, it } from 'vitest';
import { secondFlightOpensText } from './hub-search';

describe('secondFlightOpensText', () => {
  const now = new Date('2026-07-01T12:00:00Z');

  it('says when the second ticket opens on the clock of the airport where it opens, in winter and summer time', () => {
    expect(secondFlightOpensText({ second_opens_at: '2026-11-26T07:00:00.000Z', second_opens_time_zone: 'America/Denver' }, now)).toBe(
      'Second flight bookable from 12:00 AM MT, Thu Nov 26',
    );
    expect(secondFlightOpensText({ second_opens_at: '2026-07-03T04:00:00.000Z', second_opens_time_zone: 'America/New_York' }, now)).toBe(
      'Second flight bookable from 12:00 AM ET, Fri Jul 3',
    );
  });

  it('falls back to UTC when the zone is unknown or not a zone', () => {
    expect(secondFlightOpensText({ second_opens_at: '2026-07-03T00:00:00.000Z' }, now)).toBe(
      'Second flight bookable from 12:00 AM UTC, Fri Jul 3',
    );
    expect(secondFlightOpensText({ second_opens_at: '2026-07-03T00:00:00.000Z', second_opens_time_zone: 'Mars/Olympus' }, now)).toBe(
      'Second flight bookable from 12:00 AM UTC, Fri Jul 3',
    );
  });

  it('says nothing once the window has opened, or when the opening is not known', () => {
    expect(secondFlightOpensText({ second_opens_at: '2026-07-01T12:00:00.000Z', second_opens_time_zone: 'UTC' }, now)).toBeUndefined();
    expect(secondFlightOpensText({}, now)).toBeUndefined();
    expect(secondFlightOpensText({ second_opens_at: 'soon' }, now)).toBeUndefined();
  });
});
