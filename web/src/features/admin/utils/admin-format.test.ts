import { describe, expect, it } from 'vitest';
import { originLabel, pageWindow, planLabels } from './admin-format';

describe('pageWindow', () => {
  it('shows 5 buttons around the current page, clamped to the ends', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('labels', () => {
  const base = {
    is_premium: false,
    is_trial: false,
    is_admin: false,
    is_active: true,
    premium_granted: false,
    subscription_premium: false,
  };
  it('names the plan as the filter does', () => {
    expect(planLabels(base)).toEqual(['Free']);
    expect(planLabels({ ...base, is_premium: true, premium_granted: true })).toEqual(['Premium (granted)']);
    expect(planLabels({ ...base, is_premium: true, subscription_premium: true, is_trial: true })).toEqual(['Trial']);
    expect(planLabels({ ...base, is_admin: true, is_active: false })).toEqual(['Free', 'Admin', 'Inactive']);
  });
  it('shows cities by name and inbound searches as having no origin', () => {
    expect(originLabel('CITY:NYC')).toBe('New York City (CITY:NYC)');
    expect(originLabel('DEN')).toBe('DEN');
    expect(originLabel(null)).toBe('Any (inbound)');
  });
});
