import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, alertStatus, createNotificationSchema } from './notifications';

const valid = {
  origin_airport: 'den',
  destination_airport: ' LAS ',
  travel_dates: ['2026-12-03', '2026-12-01', '2026-12-03'],
  max_price: 50,
};
const firstError = (input: unknown) => createNotificationSchema.safeParse(input).error?.issues[0]?.message;

describe('createNotificationSchema', () => {
  it('normalises codes and keeps distinct dates sorted', () => {
    expect(createNotificationSchema.parse(valid)).toMatchObject({
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_dates: ['2026-12-01', '2026-12-03'],
      gowild_only: false,
      sms_consent: false,
    });
  });

  it('answers each rule with its text', () => {
    expect(firstError({ ...valid, origin_airport: ' ' })).toBe(ALERT_MESSAGES.originRequired);
    expect(firstError({ ...valid, destination_airport: undefined })).toBe(ALERT_MESSAGES.destinationRequired);
    expect(firstError({ ...valid, destination_airport: 'DEN' })).toBe(ALERT_MESSAGES.sameAirports);
    expect(firstError({ ...valid, travel_dates: [] })).toBe(ALERT_MESSAGES.datesRequired);
    expect(firstError({ ...valid, travel_dates: undefined })).toBe(ALERT_MESSAGES.datesRequired);
    const six = ['01', '02', '03', '04', '05', '06'].map((d) => `2026-12-${d}`);
    expect(firstError({ ...valid, travel_dates: six })).toBe(ALERT_MESSAGES.tooManyDates);
    expect(firstError({ ...valid, travel_dates: [...six.slice(0, 5), six[0]] })).toBeUndefined();
    expect(firstError({ ...valid, max_price: 0 })).toBe(ALERT_MESSAGES.priceAboveZero);
    expect(firstError({ ...valid, max_price: 'abc' })).toBe(ALERT_MESSAGES.priceAboveZero);
  });
});

describe('alertStatus', () => {
  it('reads as the notifications list shows it', () => {
    expect(alertStatus({ is_active: true, is_completed: false, found_price: null })).toBe('Active');
    expect(alertStatus({ is_active: false, is_completed: false, found_price: null })).toBe('Inactive');
    expect(alertStatus({ is_active: true, is_completed: true, found_price: 49.5 })).toBe('Found: $49.50');
    expect(alertStatus({ is_active: true, is_completed: true, found_price: 18 })).toBe('Found: $18');
    expect(alertStatus({ is_active: true, is_completed: true, found_price: null })).toBe('Date Passed');
  });
});
