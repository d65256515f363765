import { describe, expect, it } from 'vitest';
import {
  checkedAgoText,
  goodPriceOf,
  gridDates,
  gridQuerySchema,
  likelihoodOf,
  likelihoodText,
  OBSERVATION_MESSAGES,
  priceHistoryQuerySchema,
  RIBBON_TEXTS,
  ribbonFareText,
} from './observations';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('grid query', () => {
  it('takes an origin, a start date and 1 to 14 days, 7 by default', () => {
    expect(gridQuerySchema.parse({ origin: 'DEN', from: '2026-12-01' })).toEqual({ origin: 'DEN', from: '2026-12-01', days: 7 });
    expect(gridQuerySchema.parse({ origin: 'CITY:NYC', from: ' 2026-12-01 ', days: '14' }).days).toBe(14);
    expect(gridQuerySchema.parse({ origin: 'DEN,COS', from: '2026-12-01', days: '' }).days).toBe(7);
  });

  it('answers bad input with words a traveller can act on', () => {
    expect(firstError(gridQuerySchema.safeParse({ from: '2026-12-01' }))).toBe(OBSERVATION_MESSAGES.originRequired);
    expect(firstError(gridQuerySchema.safeParse({ origin: ' , ', from: '2026-12-01' }))).toBe(OBSERVATION_MESSAGES.originRequired);
    expect(firstError(gridQuerySchema.safeParse({ origin: 'DEN' }))).toBe(OBSERVATION_MESSAGES.fromRequired);
    expect(firstError(gridQuerySchema.safeParse({ origin: 'DEN', from: '' }))).toBe(OBSERVATION_MESSAGES.fromRequired);
    expect(firstError(gridQuerySchema.safeParse({ origin: 'DEN', from: '2026-02-30' }))).toBe(OBSERVATION_MESSAGES.fromInvalid);
    for (const days of ['0', '15', '2.5', 'many', '-1']) {
      expect(firstError(gridQuerySchema.safeParse({ origin: 'DEN', from: '2026-12-01', days }))).toBe(OBSERVATION_MESSAGES.daysInvalid);
    }
    expect(OBSERVATION_MESSAGES.daysInvalid).toBe('days must be a whole number from 1 to 14');
  });

  it('lists the dates it covers, across a month end', () => {
    expect(gridDates('2026-11-30', 3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });
});

describe('price history query', () => {
  it('needs a route and a real date', () => {
    expect(priceHistoryQuerySchema.parse({ origin: 'DEN', destination: 'MCO', date: '2026-12-01' }).date).toBe('2026-12-01');
    expect(firstError(priceHistoryQuerySchema.safeParse({ origin: 'DEN', date: '2026-12-01' }))).toBe(
      OBSERVATION_MESSAGES.destinationRequired,
    );
    expect(firstError(priceHistoryQuerySchema.safeParse({ origin: 'DEN', destination: 'MCO', date: '12/01/2026' }))).toBe(
      OBSERVATION_MESSAGES.dateInvalid,
    );
  });
});

describe('likelihood', () => {
  it('says how often GoWild was offered, and is honest when history is thin', () => {
    expect(likelihoodText(likelihoodOf(8, 10))).toBe('GoWild on 8 of the last 10 days');
    expect(likelihoodText(likelihoodOf(0, 5))).toBe('GoWild on 0 of the last 5 days');
    expect(likelihoodOf(3, 4)).toEqual({ status: 'not_enough_history', observed_days: 4 });
    expect(likelihoodText(likelihoodOf(3, 4))).toBe('Not enough history yet');
  });
});

describe('good price', () => {
  const days = [100, 90, 80, 70, 60, 150, 140, 130, 120, 110, 200, 190, 180, 170, 160, 210];

  it('is a fare at or under the lowest quarter of the window', () => {
    // 16 days: the 4th lowest (90) bounds the lowest quarter.
    expect(goodPriceOf(days, 90)).toEqual({ good: true, fare: 90, threshold: 90, observed_days: 16 });
    expect(goodPriceOf(days, 91)?.good).toBe(false);
  });

  it('gives no verdict on too few days', () => {
    expect(goodPriceOf(days.slice(0, 13), 10)).toBeNull();
  });
});

describe('freshness', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('says how long ago a figure was checked', () => {
    expect(checkedAgoText(null, now)).toBe('never checked');
    expect(checkedAgoText('2026-11-24T11:59:40Z', now)).toBe('checked just now');
    expect(checkedAgoText('2026-11-24T11:48:00Z', now)).toBe('checked 12 min ago');
    expect(checkedAgoText('2026-11-24T10:00:00Z', now)).toBe('checked 2 h ago');
    expect(checkedAgoText('2026-11-21T10:00:00Z', now)).toBe('checked 3 days ago');
  });

  it("says a ribbon figure's source and when it was seen", () => {
    expect(ribbonFareText(79.4, '2026-11-24T10:00:00Z', now)).toBe("lowest fare $80 from the airline's week view, seen 2 h ago");
    expect(ribbonFareText(129, '2026-11-24T11:59:59Z', now)).toBe("lowest fare $129 from the airline's week view, seen just now");
    expect(RIBBON_TEXTS.about).toContain('nothing about GoWild');
  });
});
