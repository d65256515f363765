import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { applyFilters, defaultFilters, isDefaultFilters, matchesFilters, priceCeiling, updateFilters } from './filters';

describe('priceCeiling', () => {
  it('rounds the highest fare up to a multiple of 50', () => {
    expect(priceCeiling([buildFlight({ standard: 149 }), buildFlight({ standard: 80 })])).toBe(150);
    expect(priceCeiling([buildFlight({ standard: 151 })])).toBe(200);
    expect(priceCeiling([buildFlight({ goWild: null, standard: 200, den: null })])).toBe(200);
  });
  it('is at least one step when nothing is on sale', () => {
    expect(priceCeiling([buildFlight({ goWild: null, standard: null, den: null })])).toBe(50);
  });
});

describe('updateFilters', () => {
  const base = defaultFilters([buildFlight({ standard: 240 })]);
  it('keeps the earliest departure at or before the latest, pulling the other end along', () => {
    const late = updateFilters(base, { latestDeparture: 600 }, 250);
    const moved = updateFilters(late, { earliestDeparture: 900 }, 250);
    expect(moved.earliestDeparture).toBe(900);
    expect(moved.latestDeparture).toBe(900);
    const back = updateFilters(moved, { latestDeparture: 300 }, 250);
    expect(back.earliestDeparture).toBe(300);
    expect(back.latestDeparture).toBe(300);
  });
  it('snaps to the steps and clamps to the ranges', () => {
    const f = updateFilters(base, { maxDurationHours: 0.2, maxPrice: 1000, earliestDeparture: 47 }, 250);
    expect(f.maxDurationHours).toBe(1);
    expect(f.maxPrice).toBe(250);
    expect(f.earliestDeparture).toBe(60);
    expect(updateFilters(base, { maxDurationHours: 7.3 }, 250).maxDurationHours).toBe(7.5);
    expect(updateFilters(base, { maxPrice: 130 }, 250).maxPrice).toBe(150);
  });
});

describe('matchesFilters', () => {
  const nonstop = buildFlight({ stops: 0, duration: 120, departure_time: '2026-04-02T06:00:00', goWild: 29 });
  const oneStop = buildFlight({ stops: 1, duration: 300, departure_time: '2026-04-02T13:30:00', goWild: null, standard: 120, den: null });
  const twoStop = buildFlight({ stops: 2, duration: 1600, departure_time: '2026-04-02T22:00:00', goWild: null, standard: 180, den: null });
  const all = [nonstop, oneStop, twoStop];
  const ceiling = priceCeiling(all);
  const f = defaultFilters(all);

  it('lets everything through by default, even trips longer than 24 h', () => {
    expect(all.filter((x) => matchesFilters(x, f, ceiling))).toHaveLength(3);
  });
  it('filters by stops: nonstop, and 1 stop max', () => {
    expect(all.filter((x) => matchesFilters(x, { ...f, stops: 'nonstop' }, ceiling))).toEqual([nonstop]);
    expect(all.filter((x) => matchesFilters(x, { ...f, stops: 'one_stop' }, ceiling))).toEqual([nonstop, oneStop]);
  });
  it('filters by duration, price (lowest fare on sale) and departure window', () => {
    expect(all.filter((x) => matchesFilters(x, { ...f, maxDurationHours: 5 }, ceiling))).toEqual([nonstop, oneStop]);
    expect(all.filter((x) => matchesFilters(x, { ...f, maxPrice: 150 }, ceiling))).toEqual([nonstop, oneStop]);
    expect(all.filter((x) => matchesFilters(x, { ...f, maxPrice: 0 }, ceiling))).toEqual([]);
    expect(all.filter((x) => matchesFilters(x, { ...f, earliestDeparture: 480, latestDeparture: 840 }, ceiling))).toEqual([oneStop]);
  });
});

describe('the filters pass holders ask for (issue 31)', () => {
  const usual = buildFlight({ goWild: 15, arrival_time: '2026-04-02T10:30:00', departure_time: '2026-04-02T08:00:00' });
  const early = buildFlight({ goWild: 74, arrival_time: '2026-04-02T14:00:00', departure_time: '2026-04-02T12:00:00' });
  early.fares.go_wild = { total: 74, available_seats: null, fare_type: 'early_booking' };
  const standard = buildFlight({ goWild: null, standard: 120, arrival_time: '2026-04-02T18:00:00', departure_time: '2026-04-02T16:00:00' });
  const redEye = buildFlight({ goWild: 20, departure_time: '2026-04-02T23:00:00', arrival_time: '2026-04-03T01:30:00' });
  const all = [usual, early, standard, redEye];
  const ceiling = priceCeiling(all);
  const f = defaultFilters(all);

  it('lands by a time of the day it leaves: a next-day landing is after any of them', () => {
    expect(all.filter((x) => matchesFilters(x, { ...f, arriveBy: 14 * 60 }, ceiling))).toEqual([usual, early]);
    expect(all.filter((x) => matchesFilters(x, { ...f, arriveBy: 23 * 60 + 30 }, ceiling))).toEqual([usual, early, standard]);
  });
  it('GoWild only, and the usual GoWild fare only (no Early Booking or Peak Day charge)', () => {
    expect(all.filter((x) => matchesFilters(x, { ...f, fares: 'gowild' }, ceiling))).toEqual([usual, early, redEye]);
    expect(all.filter((x) => matchesFilters(x, { ...f, fares: 'usual_gowild' }, ceiling))).toEqual([usual, redEye]);
  });
  it('counts as a narrowing filter, and snaps the landing time to half hours', () => {
    expect(isDefaultFilters({ ...f, fares: 'gowild' }, ceiling)).toBe(false);
    expect(isDefaultFilters({ ...f, arriveBy: 600 }, ceiling)).toBe(false);
    expect(updateFilters(f, { arriveBy: 611 }, ceiling).arriveBy).toBe(600);
  });
});

describe('sorting', () => {
  it('lists GoWild flights first, cheapest first, unless another order is chosen', () => {
    const standardOnly = buildFlight({ goWild: null, standard: 111, den: null, departure_time: '2026-04-02T06:00:00' });
    const goWild = buildFlight({ goWild: 18, standard: 140, den: null, departure_time: '2026-04-02T12:00:00' });
    const unpriced = buildFlight({ goWild: null, standard: null, den: null, departure_time: '2026-04-02T05:00:00' });
    const all = [standardOnly, unpriced, goWild];
    expect(applyFilters(all, defaultFilters(all))).toEqual([goWild, standardOnly, unpriced]);
    expect(applyFilters(all, { ...defaultFilters(all), sort: 'earliest' })).toEqual([unpriced, standardOnly, goWild]);
    expect(applyFilters(all, { ...defaultFilters(all), sort: 'cheapest' })).toEqual([goWild, standardOnly, unpriced]);
  });
});
