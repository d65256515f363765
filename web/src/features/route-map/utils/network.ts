import type { Airport, Route } from '@gowild/contract/reference';

/** The hubs that get their own colour (docs/product/maps.md#route-map-page). A fixed list, not derived. */
export const HUBS: ReadonlySet<string> = new Set(['DEN', 'ATL', 'LAS', 'LAX', 'ORD', 'DFW', 'PHX', 'SEA', 'MIA']);

export const MARKER_COLOURS = {
  hub: '#c2410c',
  airport: '#0f766e',
  selected: '#7c3aed',
  connected: '#2563eb',
} as const;

export function isHub(code: string): boolean {
  return HUBS.has(code);
}

/** A marker's fill: the selection wins, then airports linked to it, then hub or not. */
export function markerColour(code: string, selected: string | null, linked: ReadonlySet<string>): string {
  if (code === selected) return MARKER_COLOURS.selected;
  if (linked.has(code)) return MARKER_COLOURS.connected;
  return isHub(code) ? MARKER_COLOURS.hub : MARKER_COLOURS.airport;
}

export interface AirportRoutes {
  /** Airports with a flight from this one, sorted by code. */
  outbound: string[];
  /** Airports with a flight to this one, sorted by code. */
  inbound: string[];
  /** Every airport linked either way (what the arcs go to), sorted by code. */
  linked: string[];
}

export interface RouteNetwork {
  /** Every airport of the network that has coordinates, sorted by code. */
  airports: Airport[];
  byCode: ReadonlyMap<string, Airport>;
  routesOf(code: string): AirportRoutes;
  /** The tooltip's route count: how many airports this one has a route with, either way. */
  routeCount(code: string): number;
}

const EMPTY: AirportRoutes = { outbound: [], inbound: [], linked: [] };

/** The route table joined to the airports list: what the map draws and the popup counts. */
export function buildNetwork(routes: readonly Route[], airports: readonly Airport[]): RouteNetwork {
  const known = new Map(airports.map((a) => [a.stationCode, a]));
  const out = new Map<string, Set<string>>();
  const inb = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, k: string, v: string) => {
    let s = m.get(k);
    if (!s) m.set(k, (s = new Set()));
    s.add(v);
  };
  for (const r of routes) {
    // A route through an airport without coordinates cannot be drawn; it is left out of the map alone.
    if (r.origin === r.destination || !known.has(r.origin) || !known.has(r.destination)) continue;
    add(out, r.origin, r.destination);
    add(inb, r.destination, r.origin);
  }
  const codes = new Set([...out.keys(), ...inb.keys()]);
  const list = [...codes].sort().map((c) => known.get(c)!);
  const cache = new Map<string, AirportRoutes>();
  const routesOf = (code: string): AirportRoutes => {
    if (!codes.has(code)) return EMPTY;
    let r = cache.get(code);
    if (!r) {
      const o = [...(out.get(code) ?? [])].sort();
      const i = [...(inb.get(code) ?? [])].sort();
      r = { outbound: o, inbound: i, linked: [...new Set([...o, ...i])].sort() };
      cache.set(code, r);
    }
    return r;
  };
  return {
    airports: list,
    byCode: new Map(list.map((a) => [a.stationCode, a])),
    routesOf,
    routeCount: (code) => routesOf(code).linked.length,
  };
}
