import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { stayForDestination, stayFromArrival } from './destination-extras-panels';

const TODAY = '2026-01-15';

describe('the stay a landing starts (docs/product/destination-extras.md#where-they-appear)', () => {
  it('keeps the night of a late landing: only the car pick-up is rounded up into the next day', () => {
    expect(stayFromArrival('2026-11-26T23:45:00', '2026-11-29', TODAY)).toEqual({
      start: '2026-11-26',
      end: '2026-11-29',
      pickupDate: '2026-11-27',
      pickupTime: '00:00',
    });
    // One night when no return is known: the night of the landing.
    expect(
      stayForDestination(
        '2026-11-26',
        [buildFlight({ departure_time: '2026-11-26T20:00:00', arrival_time: '2026-11-26T23:45:00' })],
        TODAY,
      ),
    ).toEqual({
      start: '2026-11-26',
      end: '2026-11-27',
      pickupDate: '2026-11-27',
      pickupTime: '00:00',
    });
  });

  it('rounds a daytime landing up to the hour on the same day', () => {
    expect(stayFromArrival('2026-04-02T14:05:00', '2026-04-05', TODAY)).toEqual({
      start: '2026-04-02',
      end: '2026-04-05',
      pickupDate: '2026-04-02',
      pickupTime: '15:00',
    });
  });

  it('gives a landing in the small hours the bed of the night it lands: check-in the evening before', () => {
    // Landing 02:05 on the 2nd: the night of the 1st is the one the traveller sleeps in.
    expect(stayFromArrival('2026-04-02T02:05:00', undefined, TODAY)).toEqual({
      start: '2026-04-01',
      end: '2026-04-02',
      pickupDate: '2026-04-02',
      pickupTime: '03:00',
    });
    // With a return later on, the stay runs from that evening to the return.
    expect(stayFromArrival('2026-04-02T05:59:00', '2026-04-05', TODAY)).toMatchObject({ start: '2026-04-01', end: '2026-04-05' });
    // 6 AM is the start of a day.
    expect(stayFromArrival('2026-04-02T06:00:00', '2026-04-05', TODAY)).toMatchObject({ start: '2026-04-02', end: '2026-04-05' });
    // A destination card whose only flight is a red-eye.
    expect(
      stayForDestination(
        '2026-04-01',
        [buildFlight({ departure_time: '2026-04-01T22:30:00', arrival_time: '2026-04-02T02:05:00' })],
        TODAY,
      ),
    ).toMatchObject({ start: '2026-04-01', end: '2026-04-02' });
  });

  it('never checks in before today: the hotel search refuses a past check-in', () => {
    expect(stayFromArrival('2026-04-02T02:05:00', undefined, '2026-04-02')).toMatchObject({ start: '2026-04-02', end: '2026-04-03' });
  });
});
