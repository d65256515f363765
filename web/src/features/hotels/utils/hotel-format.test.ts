import { describe, expect, it } from 'vitest';
import { nightlyPrice, scoreColour, starCount } from './hotel-format';

describe('hotel card rules', () => {
  it('colours the score: 9+ green, 8+ blue, 7+ yellow, below orange', () => {
    expect([9.6, 9, 8.9, 8, 7.9, 7, 6.9, 3].map(scoreColour)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'orange',
      'orange',
    ]);
  });
  it("reads a missing or non-positive price as 'Price unavailable'", () => {
    expect([nightlyPrice(null), nightlyPrice(undefined), nightlyPrice(0), nightlyPrice(-5), nightlyPrice(142.4)]).toEqual([
      'Price unavailable',
      'Price unavailable',
      'Price unavailable',
      'Price unavailable',
      '$143',
    ]);
  });
  it('caps stars at 5 and shows none when unrated', () => {
    expect([starCount(7), starCount(3), starCount(0), starCount(null)]).toEqual([5, 3, 0, 0]);
  });
});
