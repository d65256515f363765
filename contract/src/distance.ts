import { LIMITS } from './limits';

interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Great-circle distance in miles (haversine, Earth radius 3959 mi as docs/product/search.md#location-and-distances
 * sets). The one formula behind 'N mi away', the route map's distances, the emulator's block times and the hotel and
 * car distances.
 */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * LIMITS.earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A distance as people read it, the one way every 'N mi' is written: whole miles, rounded, with thousands separators
 * ('1,204 mi'); or with `decimals` places as toFixed writes them ('0.4 mi', the hotels' and rental desks' distances).
 */
export function formatMiles(miles: number, decimals = 0): string {
  return `${decimals > 0 ? miles.toFixed(decimals) : Math.round(miles).toLocaleString('en-US')} mi`;
}
