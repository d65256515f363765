import { describe, expect, it } from 'vitest';
import { ANSWER_AT_ONCE_TEXTS, confirmedChangeText, freshnessText, headlinePrice } from './answer-at-once';
import type { Flight } from './flights';

const flight = (standard: number | null, goWild: number | null = null) =>
  ({
    fares: {
      go_wild: goWild === null ? null : { total: goWild },
      standard: standard === null ? null : { total: standard },
      discount_den: null,
    },
  }) as Flight;

describe('what a card says while an answer given at once is confirmed', () => {
  it('leads with the cheapest GoWild fare, else the lowest fare', () => {
    expect(headlinePrice([flight(161, 49), flight(120)])).toEqual({ goWild: true, price: 49 });
    expect(headlinePrice([flight(161), flight(120)])).toEqual({ goWild: false, price: 120 });
    expect(headlinePrice([])).toBeNull();
  });

  it('says GoWild sold out, a new price, or nothing', () => {
    expect(confirmedChangeText([flight(161, 49)], [flight(161)])).toBe(ANSWER_AT_ONCE_TEXTS.goWildSoldOut);
    expect(confirmedChangeText([flight(161)], [flight(168)])).toBe('now $168 (was $161)');
    expect(confirmedChangeText([flight(161, 49)], [flight(170, 59)])).toBe('now $59 (was $49)');
    expect(confirmedChangeText([flight(161, 49)], [flight(170, 49)])).toBeNull();
    expect(confirmedChangeText([flight(161)], [flight(161)])).toBeNull();
    // GoWild appearing is shown by the card's own GoWild pill.
    expect(confirmedChangeText([flight(161)], [flight(161, 49)])).toBeNull();
  });

  it('keeps the age while confirming and when not confirmed, never saying fresh', () => {
    const now = new Date('2026-04-01T14:00:00Z');
    expect(freshnessText('2026-04-01T12:00:00Z', 'confirming', now)).toBe('checked 2 h ago · confirming…');
    expect(freshnessText('2026-04-01T12:00:00Z', 'unconfirmed', now)).toBe('checked 2 h ago · could not confirm');
    expect(freshnessText('2026-04-01T14:00:00Z', 'confirmed', now)).toBe('checked just now');
  });
});
