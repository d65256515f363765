import greatCircle from '@turf/great-circle';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Segments of a route arc on /routes and points of a flight-map curve (docs/product/maps.md). */
export const ROUTE_ARC_SEGMENTS = 20;
export const FLIGHT_CURVE_POINTS = 40;

/**
 * The great-circle path from `from` to `to` as `points` [lat, lng] pairs, in one piece. turf splits a path that
 * crosses the antimeridian in two; Leaflet draws a line with longitudes past ±180 across it, so the longitudes are
 * unwrapped to stay within 180° of the previous point instead.
 */
export function greatCircleArc(from: LatLng, to: LatLng, points: number): [number, number][] {
  if (points < 2) throw new RangeError('an arc needs at least two points');
  if (from.lat === to.lat && from.lng === to.lng) return Array.from({ length: points }, () => [from.lat, from.lng]);
  const line = greatCircle([from.lng, from.lat], [to.lng, to.lat], { npoints: points, offset: 0 });
  const geometry = line.geometry;
  const raw: number[][] = geometry.type === 'LineString' ? geometry.coordinates : geometry.coordinates.flat();
  // turf repeats the split point on both sides of the antimeridian: drop a point equal (mod 360) to the one before.
  const coords: [number, number][] = [];
  let prevLng: number | null = null;
  for (const [lng0, lat] of raw) {
    let lng = lng0!;
    if (prevLng !== null) {
      while (lng - prevLng > 180) lng -= 360;
      while (lng - prevLng < -180) lng += 360;
      const last = coords[coords.length - 1]!;
      if (Math.abs(lng - prevLng) < 1e-9 && Math.abs(lat! - last[0]) < 1e-9) continue;
    }
    coords.push([lat!, lng]);
    prevLng = lng;
  }
  return resample(coords, points);
}

/** Exactly `points` points along the line (turf's split can add one), first and last kept. */
function resample(coords: [number, number][], points: number): [number, number][] {
  if (coords.length === points) return coords;
  const out: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const t = (i * (coords.length - 1)) / (points - 1);
    const a = coords[Math.floor(t)]!;
    const b = coords[Math.min(Math.ceil(t), coords.length - 1)]!;
    const f = t - Math.floor(t);
    out.push([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f]);
  }
  return out;
}

/** The path of a flight through its airports: one curve of `pointsPerLeg` points per leg, joined. */
export function flightPath(stops: readonly LatLng[], pointsPerLeg = FLIGHT_CURVE_POINTS): [number, number][][] {
  const legs: [number, number][][] = [];
  for (let i = 1; i < stops.length; i++) legs.push(greatCircleArc(stops[i - 1]!, stops[i]!, pointsPerLeg));
  return legs;
}
