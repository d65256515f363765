import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { stayForDestination, stayFromArrival } from './destination-extras-panels';

describe('the stay a landing starts (docs/product/destination-extras.md#where-they-appear)', () => {
  it('keeps the night of a late landing: only the car pick-up is rounded up into the next day', () => {
    expect(stayFromArrival('2026-11-26T23:45:00', '2026-11-29')).toEqual({
      start: '2026-11-26',
      end: '2026-11-29',
      pickupDate: '2026-11-27',
      pickupTime: '00:00',
    });
    // One night when no return is known: the night of the landing.
    expect(
      stayForDestination('2026-11-26', [buildFlight({ departure_time: '2026-11-26T20:00:00', arrival_time: '2026-11-26T23:45:00' })]),
    ).toEqual({
      start: '2026-11-26',
      end: '2026-11-27',
      pickupDate: '2026-11-27',
      pickupTime: '00:00',
    });
  });

  it('rounds a daytime landing up to the hour on the same day', () => {
    expect(stayFromArrival('2026-04-02T14:05:00', '2026-04-05')).toEqual({
      start: '2026-04-02',
      end: '2026-04-05',
      pickupDate: '2026-04-02',
      pickupTime: '15:00',
    });
  });
});
