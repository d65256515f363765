import { describe, expect, it } from 'vitest';
import { sortFlights } from './flight-sort';

type Fare = { total: number } | null;
const flight = (id: string, o: { goWild?: number | null; standard?: number | null; dep: string; duration?: number }) => {
  const fare = (t: number | null | undefined): Fare => (t === null || t === undefined ? null : { total: t });
  return {
    id,
    departure_time: `2026-12-02T${o.dep}:00`,
    duration: o.duration ?? 120,
    fares: { go_wild: fare(o.goWild), standard: fare(o.standard), discount_den: null },
  };
};

describe('sortFlights', () => {
  // The case: a destination whose badge says 'GoWild $18' must not open on a $111 Standard flight.
  const std111 = flight('std111', { standard: 111, dep: '06:00', duration: 90 });
  const gw18 = flight('gw18', { goWild: 18, standard: 140, dep: '14:00', duration: 300 });
  const gw18early = flight('gw18early', { goWild: 18, standard: 160, dep: '09:00', duration: 200 });
  const gw25 = flight('gw25', { goWild: 25, standard: 99, dep: '07:00', duration: 150 });
  const none = flight('none', { dep: '05:00', duration: 60 });
  const all = [std111, none, gw25, gw18, gw18early];
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

  it('defaults to GoWild first, then the lowest fare, then the departure time', () => {
    expect(ids(sortFlights(all))).toEqual(['gw18early', 'gw18', 'gw25', 'std111', 'none']);
  });
  it('cheapest: by the lowest fare on sale whatever its kind, unpriced flights last', () => {
    expect(ids(sortFlights(all, 'cheapest'))).toEqual(['gw18early', 'gw18', 'gw25', 'std111', 'none']);
    const cheapStandard = flight('cheapStd', { standard: 12, dep: '20:00' });
    expect(ids(sortFlights([gw18, cheapStandard], 'cheapest'))).toEqual(['cheapStd', 'gw18']);
    expect(ids(sortFlights([gw18, cheapStandard]))).toEqual(['gw18', 'cheapStd']);
  });
  it('earliest departure: by the departure time, the fare breaking ties', () => {
    expect(ids(sortFlights(all, 'earliest'))).toEqual(['none', 'std111', 'gw25', 'gw18early', 'gw18']);
  });
  it('shortest: by the duration', () => {
    expect(ids(sortFlights(all, 'shortest'))).toEqual(['none', 'std111', 'gw25', 'gw18early', 'gw18']);
  });
  it('returns a copy and leaves the list as it was', () => {
    const copy = [...all];
    sortFlights(all, 'earliest');
    expect(all).toEqual(copy);
  });
});
