import { findAirports } from '@gowild/contract/airport-search';
import { distanceMiles, formatMiles } from '@gowild/contract/distance';
import { addDays } from '@gowild/contract/dates';
import { localDate } from '@gowild/contract/local-time';
import type { Airport, Route } from '@gowild/contract/reference';
import L from 'leaflet';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { type MapTiles, useLeafletMap } from '../hooks/use-leaflet-map';
import { ROUTE_ARC_SEGMENTS, greatCircleArc } from '../utils/arcs';
import { type RouteNetwork, buildNetwork, isHub, markerColour } from '../utils/network';

/** The view of docs/product/maps.md#route-map-page. */
export const ROUTE_MAP_VIEW = { center: [39.5, -98.35] as [number, number], zoom: 4, minZoom: 2, maxZoom: 10, height: 500 };
const NARROW = '(max-width: 639px)';

export interface RouteMapProps {
  /** Undefined while they load: the map and its basemap are drawn meanwhile, the markers when they come. */
  routes?: readonly Route[];
  airports?: readonly Airport[];
  tiles: MapTiles | null;
  /** The day a 'Search' link opens; tomorrow at the origin airport unless given (tests). */
  now?: () => Date;
}

/** A search link for tomorrow at the origin airport (the search page reads these parameters). */
function searchHref(origin: Airport, destination: string | null, now: Date): string {
  const params = new URLSearchParams({ origin: origin.stationCode });
  if (destination) params.set('destination', destination);
  params.set('date', addDays(localDate(now, origin.timezone), 1));
  return `/?${params.toString()}`;
}

function tooltipContent(a: Airport, count: number): HTMLElement {
  const box = document.createElement('div');
  const code = document.createElement('strong');
  code.textContent = a.stationCode;
  const name = document.createElement('div');
  name.textContent = a.name;
  const routes = document.createElement('div');
  routes.textContent = `${count} route${count === 1 ? '' : 's'}`;
  box.append(code, name, routes);
  return box;
}

/** /routes: every airport of the network; select one to see its routes as arcs, a popup and a list. */
export function RouteMap({ routes, airports, tiles, now = () => new Date() }: RouteMapProps) {
  const network = useMemo(() => (routes && airports ? buildNetwork(routes, airports) : null), [routes, airports]);
  const [selected, setSelected] = useState<string | null>(null);
  const element = useRef<HTMLDivElement>(null);
  // The spec's zoom 4 shows the continental US on a desktop; a phone needs one step out to see all of it.
  const [zoom] = useState(() => (window.matchMedia?.(NARROW).matches ? ROUTE_MAP_VIEW.zoom - 1 : ROUTE_MAP_VIEW.zoom));
  const mapState = useLeafletMap(element, { ...ROUTE_MAP_VIEW, zoom, tiles });
  const map = mapState.map;
  const markers = useRef(new Map<string, L.CircleMarker>());
  const [popupBox] = useState(() => document.createElement('div'));

  // The markers: once per network.
  useEffect(() => {
    if (!map || !network) return;
    const layer = L.layerGroup().addTo(map);
    const made = new Map<string, L.CircleMarker>();
    for (const a of network.airports) {
      const hub = isHub(a.stationCode);
      const marker = L.circleMarker([a.lat, a.lng], {
        radius: hub ? 7 : 5,
        weight: 1.5,
        color: '#ffffff',
        fillColor: markerColour(a.stationCode, null, new Set()),
        fillOpacity: 1,
        className: `gw-airport gw-airport-${a.stationCode}${hub ? ' gw-hub' : ''}`,
        bubblingMouseEvents: false,
      });
      marker.bindTooltip(tooltipContent(a, network.routeCount(a.stationCode)), { direction: 'top', offset: [0, -6] });
      marker.on('click', () => setSelected((s) => (s === a.stationCode ? null : a.stationCode)));
      marker.addTo(layer);
      made.set(a.stationCode, marker);
    }
    markers.current = made;
    return () => {
      layer.remove();
      markers.current = new Map();
    };
  }, [map, network]);

  // The selection: colours, arcs and the popup.
  useEffect(() => {
    if (!map || !network) return;
    const linked = new Set(selected ? network.routesOf(selected).linked : []);
    for (const [code, marker] of markers.current) {
      marker.setStyle({ fillColor: markerColour(code, selected, linked) });
      if (code === selected) marker.bringToFront();
    }
    const from = selected ? network.byCode.get(selected) : undefined;
    if (!selected || !from) return;
    const arcs = L.layerGroup().addTo(map);
    for (const code of linked) {
      const to = network.byCode.get(code)!;
      L.polyline(greatCircleArc(from, to, ROUTE_ARC_SEGMENTS + 1), {
        color: '#7c3aed',
        weight: 1.5,
        opacity: 0.75,
        dashArray: '6 6',
        interactive: false,
        className: 'gw-route-arc',
      }).addTo(arcs);
    }
    const popup = L.popup({
      closeButton: false,
      autoClose: false,
      closeOnClick: false,
      maxWidth: 240,
      minWidth: 200,
      offset: [0, -4],
      autoPanPadding: [12, 12],
    })
      .setLatLng([from.lat, from.lng])
      .setContent(popupBox)
      .openOn(map);
    return () => {
      arcs.remove();
      popup.remove();
    };
  }, [map, network, selected, popupBox]);

  const select = (code: string | null) => {
    setSelected(code);
    const a = code ? network?.byCode.get(code) : undefined;
    if (a && map) map.panTo([a.lat, a.lng]);
  };

  const airport = selected ? network?.byCode.get(selected) : undefined;
  return (
    <div className="space-y-3">
      <AirportSearch airports={network?.airports ?? []} onSelect={select} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="relative">
          <div
            ref={element}
            data-testid="route-map"
            data-selected={selected ?? ''}
            className="w-full rounded-xl border border-slate-200 shadow-sm"
            style={{ height: ROUTE_MAP_VIEW.height }}
            role="region"
            aria-label="Route map"
          />
          {mapState.status === 'failed' ? (
            <MapUnavailable />
          ) : !network ? (
            <div className="pointer-events-none absolute inset-0 z-[1000] flex items-center justify-center text-brand-700">
              <span className="rounded-full bg-white/90 p-3 shadow">
                <Spinner className="size-7" label="Loading routes" />
              </span>
            </div>
          ) : null}
          <Legend />
        </div>
        {airport && network ? (
          <DestinationList airport={airport} network={network} onSelect={select} now={now} />
        ) : (
          <aside className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            Select an airport on the map, or find one above, to see where you can fly from it.
          </aside>
        )}
      </div>
      {airport && network
        ? createPortal(<RoutePopup airport={airport} network={network} onClear={() => setSelected(null)} />, popupBox)
        : null}
    </div>
  );
}

export function MapUnavailable() {
  return (
    <div
      className="absolute inset-0 flex items-center justify-center rounded-xl bg-slate-50 text-sm font-medium text-slate-600"
      role="alert"
    >
      Unable to display map
    </div>
  );
}

function Legend() {
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
      <span>
        <span className="mr-1 inline-block size-2.5 rounded-full bg-[#c2410c] align-middle" /> Hub
      </span>
      <span>
        <span className="mr-1 inline-block size-2.5 rounded-full bg-[#0f766e] align-middle" /> Airport
      </span>
      <span>
        <span className="mr-1 inline-block size-2.5 rounded-full bg-[#7c3aed] align-middle" /> Selected
      </span>
      <span>
        <span className="mr-1 inline-block size-2.5 rounded-full bg-[#2563eb] align-middle" /> On a route with it
      </span>
    </p>
  );
}

function CodeList({ label, codes, testId }: { label: string; codes: string[]; testId: string }) {
  return (
    <div data-testid={testId} data-count={codes.length}>
      <div className="font-semibold text-slate-800">
        {label} ({codes.length})
      </div>
      <div className="mt-0.5 max-h-16 overflow-y-auto leading-snug break-words text-slate-700">
        {codes.length ? codes.join(', ') : 'None'}
      </div>
    </div>
  );
}

function RoutePopup({ airport, network, onClear }: { airport: Airport; network: RouteNetwork; onClear: () => void }) {
  const r = network.routesOf(airport.stationCode);
  return (
    <div className="space-y-2 text-xs" data-testid="route-popup">
      <div className="text-sm font-bold text-slate-900">
        {airport.stationCode} · {airport.city}
      </div>
      <CodeList label="Outbound" codes={r.outbound} testId="popup-outbound" />
      <CodeList label="Inbound" codes={r.inbound} testId="popup-inbound" />
      <Button size="xs" variant="secondary" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

function DestinationList({
  airport,
  network,
  onSelect,
  now,
}: {
  airport: Airport;
  network: RouteNetwork;
  onSelect: (code: string) => void;
  now: () => Date;
}) {
  const [sort, setSort] = useState<'distance' | 'code'>('distance');
  const rows = useMemo(() => {
    const list = network.routesOf(airport.stationCode).outbound.map((code) => {
      const to = network.byCode.get(code)!;
      return { to, miles: Math.round(distanceMiles(airport, to)) };
    });
    return list.sort((a, b) => (sort === 'distance' ? a.miles - b.miles : 0) || a.to.stationCode.localeCompare(b.to.stationCode));
  }, [airport, network, sort]);
  const today = now();
  return (
    <aside className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-label={`Destinations from ${airport.stationCode}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div>
          <h2 className="font-semibold text-slate-900">
            From {airport.stationCode} <span className="font-normal text-slate-600">({rows.length})</span>
          </h2>
          <Link to={searchHref(airport, null, today)} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
            Search from here
          </Link>
        </div>
        <div role="group" aria-label="Sort destinations" className="flex overflow-hidden rounded-lg border border-slate-300 text-xs">
          {(['distance', 'code'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={sort === s}
              onClick={() => setSort(s)}
              className={`px-2.5 py-1 font-semibold ${sort === s ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {s === 'distance' ? 'Distance' : 'Code'}
            </button>
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">No flights out of {airport.stationCode} in the network.</p>
      ) : (
        <ul className="max-h-[26rem] divide-y divide-slate-100 overflow-y-auto" data-testid="destination-list">
          {rows.map(({ to, miles }) => (
            <li key={to.stationCode} className="flex items-center justify-between gap-2 px-4 py-2 text-sm" data-code={to.stationCode}>
              <button type="button" className="min-w-0 text-left hover:underline" onClick={() => onSelect(to.stationCode)}>
                <span className="font-semibold text-slate-900">{to.stationCode}</span> <span className="text-slate-600">{to.city}</span>
                <span className="block text-xs text-slate-500">{formatMiles(miles)}</span>
              </button>
              <Link
                to={searchHref(airport, to.stationCode, today)}
                className="shrink-0 text-xs font-semibold text-brand-700 underline underline-offset-2"
                aria-label={`Search ${airport.stationCode} to ${to.stationCode} tomorrow`}
              >
                Search
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

/** Keyboard access: type a code or city, pick one, and it is selected on the map. */
function AirportSearch({ airports, onSelect }: { airports: readonly Airport[]; onSelect: (code: string) => void }) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const hits = useMemo(() => findAirports(airports, text), [airports, text]);
  const choose = (a: Airport) => {
    onSelect(a.stationCode);
    setText('');
    setActive(0);
  };
  return (
    <div className="relative max-w-md">
      <label htmlFor={`${listId}-input`} className="mb-1 block text-sm font-medium text-slate-700">
        Find an airport
      </label>
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={hits[active] ? `${listId}-${hits[active].stationCode}` : undefined}
        value={text}
        placeholder="Code or city, e.g. DEN or Denver"
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, hits.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter' && hits[active]) choose(hits[active]);
          else if (e.key === 'Escape') setText('');
          else return;
          e.preventDefault();
        }}
        className="h-10 w-full rounded-lg border border-slate-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      {hits.length ? (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-[1000] mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          {hits.map((a, i) => (
            <li
              key={a.stationCode}
              id={`${listId}-${a.stationCode}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(a)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50' : ''}`}
            >
              <span className="font-semibold">{a.stationCode}</span> {a.cityAndCode.replace(` (${a.stationCode})`, '')} · {a.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
