import { formatWholeDollars } from '@gowild/contract/money';
import type { Airport } from '@gowild/contract/reference';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useAirports } from '@/api/get-airports';
import { useAppConfig } from '@/lib/app-config';
import { useLeafletMap } from '../hooks/use-leaflet-map';
import { MapUnavailable } from './route-map';

/** The results map (docs/product/results-map.md): zoom 2 to 8, shorter on a phone. */
export const RESULTS_MAP_VIEW = { minZoom: 2, maxZoom: 8, height: 420, phoneHeight: 320 };

/** One destination of the search: its cheapest GoWild fare (null when none) and its cheapest fare of any kind. */
export interface MapDestination {
  code: string;
  goWild: number | null;
  lowest: number | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The marker's words, for the label on the map and for a screen reader: 'Las Vegas (LAS): GoWild $29'. */
export function markerText(d: MapDestination, name: string): string {
  const fare =
    d.goWild !== null ? `GoWild ${formatWholeDollars(d.goWild)}` : d.lowest !== null ? `from ${formatWholeDollars(d.lowest)}` : 'no fare';
  return `${name}: ${fare}`;
}

/**
 * Every destination of the departure results on one map (decision 202): a marker per destination with its lowest
 * fare, GoWild ones in the GoWild green and drawn on top, the searched airports as dots. A marker is a button: a click,
 * or Enter on it with the keyboard, opens that destination's card.
 */
export function ResultsMap({
  origins,
  destinations,
  onOpen,
}: {
  origins: readonly string[];
  destinations: readonly MapDestination[];
  onOpen: (code: string) => void;
}) {
  const airports = useAirports();
  const config = useAppConfig();
  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a])), [airports.data]);
  if (airports.isPending || config.isPending)
    return <div className="animate-pulse rounded-lg bg-slate-100" style={{ height: RESULTS_MAP_VIEW.phoneHeight }} />;
  const placed = destinations.filter((d) => byCode.has(d.code));
  if (placed.length === 0 || !config.data) {
    return (
      <div className="relative" style={{ height: 120 }}>
        <MapUnavailable />
      </div>
    );
  }
  return (
    <DrawnResultsMap
      origins={origins.filter((c) => byCode.has(c))}
      destinations={placed}
      byCode={byCode}
      tiles={config.data.mapTiles}
      onOpen={onOpen}
    />
  );
}

function DrawnResultsMap(props: {
  origins: readonly string[];
  destinations: readonly MapDestination[];
  byCode: ReadonlyMap<string, Airport>;
  tiles: { url: string; attribution: string } | null;
  onOpen: (code: string) => void;
}) {
  const { origins, destinations, byCode, onOpen } = props;
  const element = useRef<HTMLDivElement>(null);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const bounds = useMemo(
    () =>
      L.latLngBounds(
        [...origins, ...destinations.map((d) => d.code)].map((c) => [byCode.get(c)!.lat, byCode.get(c)!.lng] as [number, number]),
      ),
    [origins, destinations, byCode],
  );
  const state = useLeafletMap(element, {
    center: [39.5, -98.35],
    zoom: 4,
    ...RESULTS_MAP_VIEW,
    tiles: props.tiles,
    fitBounds: bounds,
    fitMaxZoom: 6,
  });
  const map = state.map;

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    for (const code of origins) {
      const a = byCode.get(code)!;
      L.circleMarker([a.lat, a.lng], { radius: 6, weight: 2, color: '#ffffff', fillColor: '#1e3a8a', fillOpacity: 1, interactive: false })
        .bindTooltip(code, { permanent: true, direction: 'left', offset: [-8, 0], className: 'gw-map-label' })
        .addTo(layer);
    }
    // GoWild last, so they are drawn on top where labels crowd.
    const ordered = [...destinations].sort((x, y) => Number(x.goWild !== null) - Number(y.goWild !== null));
    for (const d of ordered) {
      const a = byCode.get(d.code)!;
      const goWild = d.goWild !== null;
      const price = goWild ? formatWholeDollars(d.goWild!) : d.lowest !== null ? formatWholeDollars(d.lowest) : '–';
      const label = markerText(d, a.cityAndCode);
      const html = `<span class="gw-results-marker${goWild ? ' gw-results-marker-gowild' : ''}" data-code="${escapeHtml(d.code)}">${escapeHtml(d.code)} <b>${escapeHtml(price)}</b></span>`;
      L.marker([a.lat, a.lng], {
        icon: L.divIcon({ html, className: 'gw-results-marker-wrap', iconSize: undefined, iconAnchor: [24, 12] }),
        title: label,
        alt: label,
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: goWild ? 1000 : 0,
      })
        .on('click', () => openRef.current(d.code))
        .on('add', (e) => {
          // Enter or Space on the focused marker opens the card, as a click does.
          (e.target as L.Marker).getElement()?.addEventListener('keydown', (k) => {
            if (k.key !== 'Enter' && k.key !== ' ') return;
            k.preventDefault();
            openRef.current(d.code);
          });
        })
        .addTo(layer);
    }
    return () => {
      layer.remove();
    };
  }, [map, origins, destinations, byCode]);

  return (
    <div className="relative">
      <div
        ref={element}
        data-testid="results-map"
        className="h-[320px] w-full rounded-lg border border-slate-200 sm:h-[420px]"
        role="region"
        aria-label="Map of the destinations: each marker opens its destination's card"
      />
      {state.status === 'failed' ? <MapUnavailable /> : null}
    </div>
  );
}
