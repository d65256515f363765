import type { Flight } from '@gowild/contract/flights';
import type { Airport } from '@gowild/contract/reference';
import L from 'leaflet';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { useAppConfig } from '@/lib/app-config';
import { useLeafletMap } from '../hooks/use-leaflet-map';
import { FLIGHT_CURVE_POINTS, flightPath } from '../utils/arcs';
import { flightCodes } from './flight-map';
import { MapUnavailable } from './route-map';

/** A route builder itinerary's map (docs/product/connections.md#the-page): small and still, zoom 2 to 6 when fitted. */
export const ITINERARY_MAP_VIEW = { minZoom: 2, maxZoom: 8, fitMaxZoom: 6, fitPadding: 28 };

type MapFlight = Pick<Flight, 'origin' | 'destination' | 'segments'>;

const nameOf = (code: string, byCode: ReadonlyMap<string, Pick<Airport, 'city'>>) => {
  const city = byCode.get(code)?.city;
  return city ? `${city} (${code})` : code;
};

/**
 * What the map shows, in words for a screen reader: 'Map of this trip from Denver (DEN) to Orlando (MCO): flight 1 to
 * Chicago (ORD), a self-transfer there, flight 2 to Orlando (MCO).' A flight the airline sells with its own stop says
 * 'via' that stop (one booking, no self-transfer).
 */
export function itineraryMapLabel(flights: readonly MapFlight[], byCode: ReadonlyMap<string, Pick<Airport, 'city'>>): string {
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (!first || !last) return 'Map of this trip';
  const head = `Map of this trip from ${nameOf(first.origin, byCode)} to ${nameOf(last.destination, byCode)}`;
  const via = (f: MapFlight) => {
    const own = flightCodes(f).slice(1, -1);
    return own.length ? ` via ${own.map((c) => nameOf(c, byCode)).join(' and ')}` : '';
  };
  if (flights.length === 1) return `${head}: one flight${via(first)}.`;
  const parts = flights.map((f, i) => {
    const leg = `flight ${i + 1} to ${nameOf(f.destination, byCode)}${via(f)}`;
    return i < flights.length - 1 ? `${leg}, a self-transfer there` : leg;
  });
  return `${head}: ${parts.join(', ')}.`;
}

/** The airports to mark: the trip's ends, the self-transfer hubs between its flights, and the airline's own stops. */
export function itineraryAirports(flights: readonly MapFlight[]): { code: string; kind: 'end' | 'hub' | 'stop' }[] {
  const out = new Map<string, 'end' | 'hub' | 'stop'>();
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (!first || !last) return [];
  out.set(first.origin, 'end');
  out.set(last.destination, 'end');
  flights.slice(0, -1).forEach((f) => out.set(f.destination, 'hub'));
  for (const f of flights) for (const c of flightCodes(f).slice(1, -1)) if (!out.has(c)) out.set(c, 'stop');
  return [...out].map(([code, kind]) => ({ code, kind }));
}

/**
 * Drawn once it comes near the screen: a list of 50 itineraries does not make 50 maps up front. Without
 * IntersectionObserver (old browsers, tests), at once.
 */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/** One itinerary's flights on a small still map: each flight a curve, the hubs where the traveller changes marked. */
export function ItineraryMap({ flights: given }: { flights: readonly MapFlight[] }) {
  // The page hands a new array on every render (typing in the form): the map is redrawn only when the airports change.
  const key = given.map((f) => flightCodes(f).join('-')).join('>');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const flights = useMemo(() => given, [key]);
  const airports = useAirports();
  const config = useAppConfig();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a])), [airports.data]);
  const drawable = flights.length > 0 && flights.every((f) => flightCodes(f).every((c) => byCode.has(c)));
  const ready = !airports.isPending && !config.isPending;
  return (
    <div ref={box} className="relative h-44 w-full sm:h-48" data-testid="itinerary-map-box">
      {!ready || !near ? (
        <div className="h-full animate-pulse rounded-lg bg-slate-100" />
      ) : drawable && config.data ? (
        <DrawnItineraryMap flights={flights} byCode={byCode} tiles={config.data.mapTiles} />
      ) : (
        <MapUnavailable />
      )}
    </div>
  );
}

const MARKER = {
  end: { radius: 6, fillColor: '#0f766e' },
  hub: { radius: 6, fillColor: '#c2410c' },
  stop: { radius: 3.5, fillColor: '#64748b' },
} as const;

function DrawnItineraryMap(props: {
  flights: readonly MapFlight[];
  byCode: ReadonlyMap<string, Airport>;
  tiles: { url: string; attribution: string } | null;
}) {
  const { flights, byCode } = props;
  const element = useRef<HTMLDivElement>(null);
  const marks = useMemo(() => itineraryAirports(flights), [flights]);
  const bounds = useMemo(
    () => L.latLngBounds(marks.map((m) => [byCode.get(m.code)!.lat, byCode.get(m.code)!.lng] as [number, number])),
    [marks, byCode],
  );
  const state = useLeafletMap(element, {
    center: [39.5, -98.35],
    zoom: 3,
    minZoom: ITINERARY_MAP_VIEW.minZoom,
    maxZoom: ITINERARY_MAP_VIEW.maxZoom,
    tiles: props.tiles,
    fitBounds: bounds,
    fitMaxZoom: ITINERARY_MAP_VIEW.fitMaxZoom,
    fitPadding: ITINERARY_MAP_VIEW.fitPadding,
    still: true,
  });
  const map = state.map;

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    flights.forEach((f, i) => {
      for (const part of flightPath(
        flightCodes(f).map((c) => byCode.get(c)!),
        FLIGHT_CURVE_POINTS,
      )) {
        L.polyline(part, {
          color: '#7c3aed',
          weight: 3,
          opacity: 0.95,
          interactive: false,
          className: `gw-itinerary-leg gw-leg-${i + 1}`,
        }).addTo(layer);
      }
    });
    for (const { code, kind } of marks) {
      const a = byCode.get(code)!;
      const marker = L.circleMarker([a.lat, a.lng], {
        ...MARKER[kind],
        weight: 1.5,
        color: '#ffffff',
        fillOpacity: 1,
        interactive: false,
        className: `gw-itinerary-airport gw-itinerary-${kind}`,
      }).addTo(layer);
      // The ends and the hubs keep their codes on the map; the airline's own stops are dots only (the card names them).
      if (kind !== 'stop') marker.bindTooltip(code, { permanent: true, direction: 'auto', className: 'gw-map-label' }).openTooltip();
    }
    return () => {
      layer.remove();
    };
  }, [map, flights, marks, byCode]);

  return (
    <>
      <div
        ref={element}
        data-testid="itinerary-map"
        className="gw-itinerary-map h-full w-full rounded-lg border border-slate-200"
        role="img"
        aria-label={itineraryMapLabel(flights, byCode)}
      />
      {state.status === 'failed' ? <MapUnavailable /> : null}
    </>
  );
}
