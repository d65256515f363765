import { describe, expect, it } from 'vitest';
import { toggleChoice } from './airport-picker';

describe('toggleChoice (Airport View, several airports)', () => {
  it('adds and removes codes, keeping the order of choosing', () => {
    expect(toggleChoice('', 'DEN', 10)).toBe('DEN');
    expect(toggleChoice('DEN', 'LAS', 10)).toBe('DEN,LAS');
    expect(toggleChoice('DEN,LAS', 'DEN', 10)).toBe('LAS');
  });
  it('takes no more than the limit', () => {
    expect(toggleChoice('DEN,LAS', 'PHX', 2)).toBe('DEN,LAS');
    expect(toggleChoice('DEN,LAS', 'LAS', 2)).toBe('DEN');
  });
});
