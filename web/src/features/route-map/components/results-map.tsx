import { formatWholeDollars } from '@gowild/contract/money';
import type { Airport } from '@gowild/contract/reference';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { useAppConfig } from '@/lib/app-config';
import { useLeafletMap } from '../hooks/use-leaflet-map';
import { type LabelToPlace, type Rect, labelPriority, placeLabels } from '../utils/label-placement';
import { MapUnavailable } from './route-map';

/** The results map (docs/product/results-map.md): zoom 2 to 8, shorter on a phone. */
export const RESULTS_MAP_VIEW = { minZoom: 2, maxZoom: 8, height: 420, phoneHeight: 320 };

/** One destination of the search: its cheapest GoWild fare (null when none) and its cheapest fare of any kind. */
export interface MapDestination {
  code: string;
  goWild: number | null;
  lowest: number | null;
}

/** A searched airport's code sits this far left of its dot, after Leaflet's tooltip arrow. */
const ORIGIN_LABEL_OFFSET = 8;
const TOOLTIP_ARROW = 6;

/** The box of a destination's dot, which the marker is (and which keeps focus); its label is drawn beside it. */
const DOT_BOX = 12;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The marker's words, for the label on the map and for a screen reader: 'Las Vegas (LAS): GoWild $29'. */
export function markerText(d: MapDestination, name: string): string {
  const fare =
    d.goWild !== null ? `GoWild ${formatWholeDollars(d.goWild)}` : d.lowest !== null ? `from ${formatWholeDollars(d.lowest)}` : 'no fare';
  return `${name}: ${fare}`;
}

/**
 * Every destination of the departure results on one map (decision 202): a marker per destination (a dot, and beside
 * it its lowest fare where there is room: docs/product/results-map.md#crowded-places), GoWild ones in the GoWild green
 * and drawn on top, the searched airports as dots with their codes. A marker is a button: a click, or Enter on it with
 * the keyboard, opens that destination's card.
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

  const [hidden, setHidden] = useState(0);

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    const originLabels = drawOrigins(layer, origins, byCode);
    // Each destination is a dot at its airport with its price label beside it; where labels would cover each other
    // the label goes to another side of its dot, or waits for a closer zoom (docs/product/results-map.md#crowded-places).
    const markers = new Map<string, { marker: L.Marker; pill: HTMLElement | null }>();
    for (const d of destinations)
      markers.set(
        d.code,
        drawDestination(layer, d, byCode.get(d.code)!, (code) => openRef.current(code)),
      );
    // A label's size does not change with the zoom: measured once, while every label is still shown.
    const sizes = new Map([...markers].map(([code, m]) => [code, { width: m.pill?.offsetWidth ?? 0, height: m.pill?.offsetHeight ?? 0 }]));
    const originSizes = originLabels.map((t) => ({ width: t.getElement()?.offsetWidth ?? 0, height: t.getElement()?.offsetHeight ?? 0 }));
    const order = labelPriority(destinations);
    const place = () => {
      const labels: LabelToPlace[] = order.map((d) => {
        const a = byCode.get(d.code)!;
        const p = map.latLngToContainerPoint([a.lat, a.lng]);
        return { id: d.code, x: p.x, y: p.y, ...sizes.get(d.code)! };
      });
      // The searched airports' dots and codes (to the left of the dot, with the tooltip's arrow) stay readable too.
      const obstacles: Rect[] = origins.map((code, i) => {
        const a = byCode.get(code)!;
        const p = map.latLngToContainerPoint([a.lat, a.lng]);
        const { width, height } = originSizes[i]!;
        return { left: p.x - ORIGIN_LABEL_OFFSET - TOOLTIP_ARROW - width, top: p.y - height / 2, right: p.x + 8, bottom: p.y + height / 2 };
      });
      const placed = placeLabels(labels, obstacles);
      let waiting = 0;
      for (const l of labels) {
        const pill = markers.get(l.id)?.pill;
        const spot = placed.get(l.id);
        if (!pill) continue;
        if (!spot) {
          waiting += 1;
          pill.hidden = true;
          continue;
        }
        // The pill is drawn inside the dot's box, whose top left corner is half a box up and left of the point.
        pill.hidden = false;
        pill.style.left = `${Math.round(spot.rect.left - l.x + DOT_BOX / 2)}px`;
        pill.style.top = `${Math.round(spot.rect.top - l.y + DOT_BOX / 2)}px`;
        pill.dataset.side = spot.side;
      }
      setHidden(waiting);
    };
    place();
    map.on('zoomend resize', place);
    return () => {
      map.off('zoomend resize', place);
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
      {hidden > 0 ? (
        <p className="mt-1 text-xs text-slate-600" data-testid="results-map-hidden">
          {hidden === 1 ? '1 price is' : `${hidden} prices are`} left off where airports are close together: zoom in to see{' '}
          {hidden === 1 ? 'it' : 'them'}, or point at a dot.
        </p>
      ) : null}
    </div>
  );
}

/** The searched airports: a dark dot each, its code to its left. Returns the code labels, to keep clear of. */
function drawOrigins(layer: L.LayerGroup, origins: readonly string[], byCode: ReadonlyMap<string, Airport>): L.Tooltip[] {
  const labels: L.Tooltip[] = [];
  for (const code of origins) {
    const a = byCode.get(code)!;
    const dot = L.circleMarker([a.lat, a.lng], {
      radius: 6,
      weight: 2,
      color: '#ffffff',
      fillColor: '#1e3a8a',
      fillOpacity: 1,
      interactive: false,
    })
      .bindTooltip(code, { permanent: true, direction: 'left', offset: [-ORIGIN_LABEL_OFFSET, 0], className: 'gw-map-label' })
      .addTo(layer);
    const tooltip = dot.getTooltip();
    if (tooltip) labels.push(tooltip);
  }
  return labels;
}

/**
 * One destination: a dot at its airport with its price label (GoWild's, else the lowest fare), opening its card on a
 * click, or on Enter or Space once focused. Returns the marker and its label, which the placement moves or hides.
 */
function drawDestination(layer: L.LayerGroup, d: MapDestination, a: Airport, open: (code: string) => void) {
  const goWild = d.goWild !== null;
  const price = goWild ? formatWholeDollars(d.goWild!) : d.lowest !== null ? formatWholeDollars(d.lowest) : '–';
  const label = markerText(d, a.cityAndCode);
  const code = escapeHtml(d.code);
  const kind = goWild ? ' gw-results-marker-gowild' : '';
  const html = `<span class="gw-results-dot${goWild ? ' gw-results-dot-gowild' : ''}" data-code="${code}"></span><span class="gw-results-marker${kind}" data-code="${code}">${code} <b>${escapeHtml(price)}</b></span>`;
  const marker = L.marker([a.lat, a.lng], {
    icon: L.divIcon({
      html,
      className: 'gw-results-marker-wrap',
      iconSize: [DOT_BOX, DOT_BOX],
      iconAnchor: [DOT_BOX / 2, DOT_BOX / 2],
    }),
    title: label,
    alt: label,
    keyboard: true,
    riseOnHover: true,
    // GoWild above the others where dots crowd.
    zIndexOffset: goWild ? 1000 : 0,
  })
    .on('click', () => open(d.code))
    .on('add', (e) => {
      // Enter or Space on the focused marker opens the card, as a click does.
      (e.target as L.Marker).getElement()?.addEventListener('keydown', (k) => {
        if (k.key !== 'Enter' && k.key !== ' ') return;
        k.preventDefault();
        open(d.code);
      });
    })
    .addTo(layer);
  return { marker, pill: marker.getElement()?.querySelector<HTMLElement>('.gw-results-marker') ?? null };
}
