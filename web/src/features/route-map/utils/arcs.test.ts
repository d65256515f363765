import { describe, expect, it } from 'vitest';
import { FLIGHT_CURVE_POINTS, ROUTE_ARC_SEGMENTS, flightPath, greatCircleArc } from './arcs';

const DEN = { lat: 39.8561, lng: -104.6737 };
const LAS = { lat: 36.084, lng: -115.1537 };
const ATL = { lat: 33.6407, lng: -84.4277 };
const HNL = { lat: 21.3187, lng: -157.9225 };
const NRT = { lat: 35.772, lng: 140.3929 };

describe('greatCircleArc', () => {
  it('a route arc has 20 segments (21 points) from the origin to the destination', () => {
    const arc = greatCircleArc(DEN, LAS, ROUTE_ARC_SEGMENTS + 1);
    expect(arc).toHaveLength(21);
    expect(arc[0]![0]).toBeCloseTo(DEN.lat, 4);
    expect(arc[0]![1]).toBeCloseTo(DEN.lng, 4);
    expect(arc[20]![0]).toBeCloseTo(LAS.lat, 4);
    expect(arc[20]![1]).toBeCloseTo(LAS.lng, 4);
  });

  it('bows toward the pole, as a great circle does, instead of following the straight line', () => {
    const arc = greatCircleArc(LAS, ATL, 41);
    const mid = arc[20]!;
    expect(mid[0]).toBeGreaterThan((LAS.lat + ATL.lat) / 2 + 0.5);
  });

  it('crosses the antimeridian in one piece with no jump of 180° between neighbours', () => {
    const arc = greatCircleArc(HNL, NRT, 40);
    expect(arc).toHaveLength(40);
    for (let i = 1; i < arc.length; i++) expect(Math.abs(arc[i]![1] - arc[i - 1]![1])).toBeLessThan(10);
    // West of Honolulu, past -180: the line goes on to Tokyo at 140°E written as -219.6°.
    expect(arc[39]![1]).toBeCloseTo(NRT.lng - 360, 3);
    expect(arc[39]![0]).toBeCloseTo(NRT.lat, 3);
  });

  it('a leg to the same airport is a point repeated', () => {
    expect(greatCircleArc(DEN, DEN, 3)).toEqual([
      [DEN.lat, DEN.lng],
      [DEN.lat, DEN.lng],
      [DEN.lat, DEN.lng],
    ]);
  });
});

describe('flightPath', () => {
  it('one 40-point curve per leg through the connections', () => {
    const legs = flightPath([LAS, DEN, ATL]);
    expect(legs).toHaveLength(2);
    for (const leg of legs) expect(leg).toHaveLength(FLIGHT_CURVE_POINTS);
    expect(legs[0]![39]![1]).toBeCloseTo(DEN.lng, 4);
    expect(legs[1]![0]![1]).toBeCloseTo(DEN.lng, 4);
  });
});
