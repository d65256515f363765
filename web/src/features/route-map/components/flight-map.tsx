import type { Flight } from '@gowild/contract/flights';
import type { Airport } from '@gowild/contract/reference';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { useAppConfig } from '@/lib/app-config';
import { useLeafletMap } from '../hooks/use-leaflet-map';
import { FLIGHT_CURVE_POINTS, flightPath } from '../utils/arcs';
import { MapUnavailable } from './route-map';

/** The results' flight map (docs/product/maps.md#flight-map-on-results): 400 px, zoom 2 to 8. */
export const FLIGHT_MAP_VIEW = { minZoom: 2, maxZoom: 8, height: 400 };
/** A short hop fitted to zoom 8 shows two dots on blank land: the first view stops at 6, with states around. */
const FIT_MAX_ZOOM = 6;

export interface FlightPath {
  /** The airports in order: origin, connections, destination. */
  codes: string[];
  /** How many of the destination's flights take this path. */
  flights: number;
}

/** The airports a flight passes through, in order: its segments' ends, or its origin and destination without them. */
export function flightCodes(f: Pick<Flight, 'origin' | 'destination' | 'segments'>): string[] {
  return f.segments.length ? [f.segments[0]!.departure_airport, ...f.segments.map((s) => s.arrival_airport)] : [f.origin, f.destination];
}

/** The distinct paths of a destination's flights (each flight's segments, in order), most flights first. */
export function flightPaths(flights: readonly Flight[]): FlightPath[] {
  const byKey = new Map<string, FlightPath>();
  for (const f of flights) {
    const codes = flightCodes(f);
    const key = codes.join('-');
    const known = byKey.get(key);
    if (known) known.flights += 1;
    else byKey.set(key, { codes, flights: 1 });
  }
  return [...byKey.values()].sort(
    (a, b) => b.flights - a.flights || a.codes.length - b.codes.length || a.codes.join().localeCompare(b.codes.join()),
  );
}

/** A premium card's map, shown on request so a list of flights is not pushed down by default. */
export function FlightMapPanel({ flights }: { flights: readonly Flight[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="flight-map-panel">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {open ? 'Hide flight map' : 'Show flight map'}
      </button>
      {open ? <FlightMap flights={flights} /> : null}
    </div>
  );
}

export function FlightMap({ flights }: { flights: readonly Flight[] }) {
  const airports = useAirports();
  const config = useAppConfig();
  const paths = useMemo(() => flightPaths(flights), [flights]);
  if (airports.isPending || config.isPending)
    return <div className="mt-2 animate-pulse rounded-lg bg-slate-100" style={{ height: FLIGHT_MAP_VIEW.height }} />;
  const byCode = new Map((airports.data ?? []).map((a) => [a.stationCode, a]));
  const drawable = paths.length > 0 && paths.every((p) => p.codes.every((c) => byCode.has(c)));
  if (!drawable || !config.data) {
    return (
      <div className="relative mt-2" style={{ height: 120 }}>
        <MapUnavailable />
      </div>
    );
  }
  return <DrawnFlightMap paths={paths} byCode={byCode} tiles={config.data.mapTiles} />;
}

function DrawnFlightMap({
  paths,
  byCode,
  tiles,
}: {
  paths: FlightPath[];
  byCode: ReadonlyMap<string, Airport>;
  tiles: { url: string; attribution: string } | null;
}) {
  const [chosen, setChosen] = useState(0);
  const element = useRef<HTMLDivElement>(null);
  const bounds = useMemo(
    () => L.latLngBounds(paths.flatMap((p) => p.codes.map((c) => [byCode.get(c)!.lat, byCode.get(c)!.lng] as [number, number]))),
    [paths, byCode],
  );
  const state = useLeafletMap(element, {
    center: [39.5, -98.35],
    zoom: 4,
    ...FLIGHT_MAP_VIEW,
    tiles,
    fitBounds: bounds,
    fitMaxZoom: FIT_MAX_ZOOM,
  });
  const map = state.map;

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    paths.forEach((p, i) => {
      const on = i === chosen;
      for (const leg of flightPath(
        p.codes.map((c) => byCode.get(c)!),
        FLIGHT_CURVE_POINTS,
      )) {
        L.polyline(leg, {
          color: on ? '#7c3aed' : '#94a3b8',
          weight: on ? 3 : 1.5,
          opacity: on ? 0.95 : 0.6,
          interactive: false,
          className: on ? 'gw-flight-path gw-flight-path-chosen' : 'gw-flight-path',
        }).addTo(layer);
      }
    });
    const ends = new Set([paths[0]!.codes[0]!, ...paths.map((p) => p.codes[p.codes.length - 1]!)]);
    const shown = new Set(paths.flatMap((p) => p.codes));
    for (const code of shown) {
      const a = byCode.get(code)!;
      const end = ends.has(code);
      L.circleMarker([a.lat, a.lng], {
        radius: end ? 7 : 5,
        weight: 1.5,
        color: '#ffffff',
        fillColor: end ? '#0f766e' : '#c2410c',
        fillOpacity: 1,
        className: `gw-flight-airport gw-airport-${code}`,
      })
        // A handful of airports: their codes stay on the map, so the path reads without hovering.
        .bindTooltip(`${a.stationCode}${end ? '' : ' (connection)'}`, {
          permanent: true,
          direction: 'right',
          offset: [8, 0],
          className: 'gw-map-label',
        })
        .addTo(layer);
    }
    return () => {
      layer.remove();
    };
  }, [map, paths, byCode, chosen]);

  return (
    <div className="mt-2 space-y-2">
      {paths.length > 1 ? (
        <div role="group" aria-label="Flight paths" className="flex flex-wrap gap-1.5">
          {paths.map((p, i) => (
            <button
              key={p.codes.join('-')}
              type="button"
              aria-pressed={i === chosen}
              onClick={() => setChosen(i)}
              className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${i === chosen ? 'border-violet-600 bg-violet-600 text-white' : 'border-slate-300 bg-white text-slate-700'}`}
            >
              {p.codes.join(' → ')} · {p.flights} flight{p.flights === 1 ? '' : 's'}
            </button>
          ))}
        </div>
      ) : (
        <p className="text-xs text-slate-600">{paths[0]!.codes.join(' → ')}</p>
      )}
      <div className="relative">
        <div
          ref={element}
          data-testid="flight-map"
          className="w-full rounded-lg border border-slate-200"
          style={{ height: FLIGHT_MAP_VIEW.height }}
          role="region"
          aria-label="Flight map"
        />
        {state.status === 'failed' ? <MapUnavailable /> : null}
      </div>
    </div>
  );
}
