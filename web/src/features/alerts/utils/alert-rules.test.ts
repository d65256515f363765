import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { describe, expect, it } from 'vitest';
import {
  alertAirports,
  defaultAlertDates,
  toggleAlertDate,
  unwatchableDateHint,
  validateAlertModal,
  validateNotificationForm,
} from './alert-rules';

describe('toggleAlertDate (docs/product/alerts.md#limits)', () => {
  it('keeps dates distinct and sorted, removes a date pressed again, and refuses a sixth', () => {
    let dates: string[] = [];
    for (const d of ['2026-12-05', '2026-12-01', '2026-12-03']) dates = toggleAlertDate(dates, d).dates;
    expect(dates).toEqual(['2026-12-01', '2026-12-03', '2026-12-05']);
    expect(toggleAlertDate(dates, '2026-12-03')).toEqual({ dates: ['2026-12-01', '2026-12-05'], error: null });
    dates = toggleAlertDate(toggleAlertDate(dates, '2026-12-02').dates, '2026-12-04').dates;
    expect(dates).toHaveLength(5);
    expect(toggleAlertDate(dates, '2026-12-06')).toEqual({ dates, error: 'Maximum 5 travel dates allowed' });
    // Removing is still allowed at 5.
    expect(toggleAlertDate(dates, '2026-12-01').dates).toHaveLength(4);
  });
});

// Issue 31, defect 8: on 2026-11-27 (the day after Thanksgiving) the 28th, 29th and 30th are blackout dates.
describe('the dates the alert modal starts with (docs/product/alerts.md#alert-modal)', () => {
  const TODAY = '2026-11-27';
  const BLACKOUTS = new Set(['2026-11-24', '2026-11-25', '2026-11-28', '2026-11-29', '2026-11-30']);

  it('a search for today starts on the first watchable day that is not a blackout, once the list is known', () => {
    expect(defaultAlertDates(TODAY, TODAY, BLACKOUTS)).toEqual(['2026-12-01']);
    expect(defaultAlertDates(TODAY, TODAY, new Set())).toEqual(['2026-11-28']);
    // Not known yet: nothing rather than a guess.
    expect(defaultAlertDates(TODAY, TODAY, null)).toEqual([]);
    // A day already past (a results page left open overnight) is treated the same.
    expect(defaultAlertDates('2026-11-26', TODAY, BLACKOUTS)).toEqual(['2026-12-01']);
  });

  it('keeps a searched date an alert may watch, a blackout one too (the field warns about it)', () => {
    expect(defaultAlertDates('2026-12-05', TODAY, BLACKOUTS)).toEqual(['2026-12-05']);
    expect(defaultAlertDates('2026-11-29', TODAY, BLACKOUTS)).toEqual(['2026-11-29']);
  });

  it('says why the searched date is not chosen in words true on the day', () => {
    expect(unwatchableDateHint(TODAY, TODAY, '2026-12-01')).toBe(
      'Alerts watch tomorrow or later, so today, Friday, November 27, 2026, cannot be watched. Tuesday, December 1, 2026 is chosen instead: the first day from tomorrow that is not a GoWild blackout date.',
    );
    expect(unwatchableDateHint(TODAY, TODAY, '2026-11-28')).toBe(
      'Alerts watch tomorrow or later, so today, Friday, November 27, 2026, cannot be watched. Tomorrow, Saturday, November 28, 2026, is chosen instead.',
    );
    expect(unwatchableDateHint('2026-11-26', TODAY, null)).toBe('Thursday, November 26, 2026 has passed: alerts watch tomorrow or later.');
    expect(unwatchableDateHint('2026-11-28', TODAY, '2026-11-28')).toBeNull();
  });
});

describe('alertAirports', () => {
  const network = new Set(['JFK', 'LGA', 'DEN', 'BOS']);

  it('a single airport needs no choice; a city or a list gives its airports in the network', () => {
    expect(alertAirports('DEN', 'origin', network)).toEqual({ codes: ['DEN'], error: null });
    expect(alertAirports('CITY:NYC', 'origin', network)).toEqual({ codes: ['JFK', 'LGA'], error: null });
    expect(alertAirports('JFK,LGA,JFK', 'destination', network)).toEqual({ codes: ['JFK', 'LGA'], error: null });
    // Before the airports list loads, a city stands for all its airports.
    expect(alertAirports('CITY:NYC', 'origin', null).codes).toEqual(['JFK', 'LGA', 'EWR']);
    // Boston's group is BOS and PWM; only BOS flies here.
    expect(alertAirports('CITY:BOS', 'destination', network).codes).toEqual(['BOS']);
  });

  it('a city without airports in the network gives the side’s text', () => {
    expect(alertAirports('CITY:CHI', 'origin', network).error).toBe(
      'No airports found for the selected origin city. Please try a different search.',
    );
    expect(alertAirports('CITY:NOWHERE', 'destination', network).error).toBe(
      'No airports found for the selected destination city. Please try a different search.',
    );
  });
});

describe('validateAlertModal (docs/product/alerts.md#alert-modal)', () => {
  const ok = { origin: 'DEN', destination: 'LAS', price: '99.5', dates: ['2026-12-01'] };

  it('passes a complete alert', () => {
    expect(validateAlertModal(ok)).toEqual({});
  });

  it('gives every text of the modal', () => {
    expect(validateAlertModal({ origin: '', destination: '', price: '', dates: [] })).toEqual({
      origin: 'Please select a departure airport',
      destination: 'Please select an arrival airport',
      price: 'Please enter a valid price',
      dates: 'Please select at least one travel date',
    });
    // The inputs' minimum 1 and step 0.01 are the server's rule too: $0.50 and $10.005 are refused before sending.
    for (const price of ['0', '-5', 'abc', '  ', '0.5', '10.005'])
      expect(validateAlertModal({ ...ok, price }).price).toBe(ALERT_MESSAGES.modalPrice);
    expect(validateAlertModal({ ...ok, price: '1' }).price).toBeUndefined();
    expect(validateAlertModal({ ...ok, price: '49.99' }).price).toBeUndefined();
    const six = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
    expect(validateAlertModal({ ...ok, dates: six }).dates).toBe('Maximum 5 travel dates allowed');
  });
});

describe('validateNotificationForm (docs/product/alerts.md#notifications-page)', () => {
  const tomorrow = '2026-11-24';
  const ok = { origin_airport: 'DEN', destination_airport: 'LAS', travel_dates: [tomorrow], max_price: '120' };

  it('passes a complete alert', () => {
    expect(validateNotificationForm(ok, tomorrow)).toEqual({});
  });

  it('gives every text of the page', () => {
    expect(validateNotificationForm({ origin_airport: '', destination_airport: '', travel_dates: [], max_price: '' }, tomorrow)).toEqual({
      origin_airport: 'Origin airport is required',
      destination_airport: 'Destination airport is required',
      travel_dates: 'At least one travel date is required',
      max_price: 'Max price must be greater than $0',
    });
    expect(validateNotificationForm({ ...ok, destination_airport: 'DEN', max_price: '' }, tomorrow)).toEqual({
      destination_airport: 'Destination must be different from origin',
      max_price: 'Max price must be greater than $0',
    });
    expect(validateNotificationForm({ ...ok, travel_dates: ['2026-11-23', tomorrow] }, tomorrow)).toEqual({
      travel_dates: 'All travel dates must be tomorrow or later',
    });
    const six = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
    expect(validateNotificationForm({ ...ok, travel_dates: six }, tomorrow)).toEqual({ travel_dates: 'Maximum 5 travel dates allowed' });
    // Duplicates are ignored before the count.
    expect(validateNotificationForm({ ...ok, travel_dates: [...six.slice(0, 5), '2026-12-01'] }, tomorrow)).toEqual({});
    for (const max_price of ['0', '-1', 'x'])
      expect(validateNotificationForm({ ...ok, max_price }, tomorrow).max_price).toBe(ALERT_MESSAGES.priceAboveZero);
  });
});
