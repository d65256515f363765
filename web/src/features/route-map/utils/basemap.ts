import type { Feature, FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import usUrl from 'us-atlas/states-10m.json?url';
import worldUrl from 'world-atlas/countries-110m.json?url';

export interface Basemap {
  /** Every country's land but Antarctica (Natural Earth 1:110m), the United States in finer detail over it. */
  land: FeatureCollection | Feature;
  usLand: FeatureCollection | Feature;
  /** Borders between countries and between US states, as lines. */
  countryBorders: MultiLineString;
  stateBorders: MultiLineString;
}

/** Credit for the bundled basemap: both are public-domain data, credited as their publishers ask. */
export const BASEMAP_ATTRIBUTION =
  'Basemap: <a href="https://www.naturalearthdata.com/">Natural Earth</a>, <a href="https://www.census.gov/">U.S. Census Bureau</a>';

/** ISO 3166 numeric code of Antarctica in world-atlas. */
const ANTARCTICA = '010';

let loading: Promise<Basemap> | null = null;

/** Plain JSON files among the built assets: JSON.parse costs the page far less than a module of the same data. */
async function fetchTopology(url: string): Promise<Topology> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`basemap ${url}: HTTP ${res.status}`);
  return (await res.json()) as Topology;
}

/**
 * The basemap that ships with the app (docs/product/maps.md#basemap-and-tiles): TopoJSON from world-atlas and us-atlas,
 * fetched from our own server (hashed assets of the build) on the first map, then kept for the page's life.
 */
export function loadBasemap(): Promise<Basemap> {
  loading ??= Promise.all([fetchTopology(worldUrl), fetchTopology(usUrl)])
    .then(([world, us]) => toBasemap(world, us))
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

export function toBasemap(world: Topology, us: Topology): Basemap {
  const countries = world.objects.countries as GeometryCollection;
  const states = us.objects.states as GeometryCollection;
  // Country by country rather than the one `land` shape: Leaflet clips a polygon to the view, and the single shape
  // (Antarctica's ring runs along the pole from -180 to 180) clips to nothing. Antarctica is off every route anyway.
  const land: GeometryCollection = { ...countries, geometries: countries.geometries.filter((g) => g.id !== ANTARCTICA) };
  return {
    land: feature(world, land),
    usLand: feature(us, us.objects.nation as GeometryCollection),
    countryBorders: mesh(world, countries, (a, b) => a !== b),
    stateBorders: mesh(us, states, (a, b) => a !== b),
  };
}
