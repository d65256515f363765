import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { type RefObject, useEffect, useState } from 'react';
import { BASEMAP_ATTRIBUTION, loadBasemap } from '../utils/basemap';

/** The bundled basemap's water: the map's own background, under the land. */
const SEA = '#dbeafe';

export interface MapTiles {
  url: string;
  attribution: string;
}

export interface LeafletMapOptions {
  center: [number, number];
  zoom: number;
  minZoom: number;
  maxZoom: number;
  /** Raster tiles from the configuration (TILE_URL); null draws the bundled basemap and fetches nothing. */
  tiles: MapTiles | null;
  /** Bounds to fit once the map exists (the flight map); without them, center and zoom. */
  fitBounds?: L.LatLngBoundsExpression;
  /** The closest zoom that fitting may choose (the user may still zoom to maxZoom). */
  fitMaxZoom?: number;
  /** Pixels kept clear around the fitted bounds (40 by default; a small map needs less). */
  fitPadding?: number;
  /** A picture rather than a map to explore (the route builder's per-itinerary maps): no dragging, zooming or keys. */
  still?: boolean;
}

export type LeafletMapState = { status: 'loading'; map: null } | { status: 'ready'; map: L.Map } | { status: 'failed'; map: null };

/**
 * Our small Leaflet hook (not react-leaflet, decision 087): makes the map in the element, draws the basemap under
 * everything, and removes the map when the element goes. Anything the caller draws goes on the map it returns.
 */
export function useLeafletMap(ref: RefObject<HTMLElement | null>, options: LeafletMapOptions): LeafletMapState {
  const [state, setState] = useState<LeafletMapState>({ status: 'loading', map: null });
  const { tiles } = options;
  const tileUrl = tiles?.url ?? null;
  const tileAttribution = tiles?.attribution ?? null;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let map: L.Map;
    try {
      map = L.map(element, {
        center: options.center,
        zoom: options.zoom,
        minZoom: options.minZoom,
        maxZoom: options.maxZoom,
        worldCopyJump: false,
        zoomSnap: 0.5,
        ...(options.still
          ? {
              dragging: false,
              zoomControl: false,
              scrollWheelZoom: false,
              doubleClickZoom: false,
              touchZoom: false,
              boxZoom: false,
              keyboard: false,
            }
          : {}),
      });
      const padding = options.fitPadding ?? 40;
      if (options.fitBounds)
        map.fitBounds(options.fitBounds, { padding: [padding, padding], maxZoom: options.fitMaxZoom ?? options.maxZoom });
    } catch {
      setState({ status: 'failed', map: null });
      return;
    }
    let cancelled = false;
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: tileAttribution ?? '', minZoom: options.minZoom, maxZoom: options.maxZoom }).addTo(map);
    } else {
      // Land and borders on a canvas of their own, under the markers and arcs (an SVG of 200 shapes slows panning).
      map.createPane('basemap').style.zIndex = '200';
      map.getContainer().style.background = SEA;
      const renderer = L.canvas({ pane: 'basemap' });
      map.attributionControl.addAttribution(BASEMAP_ATTRIBUTION);
      void loadBasemap()
        .then((b) => {
          if (cancelled) return;
          const land = { pane: 'basemap', renderer, interactive: false, stroke: false, fillColor: '#f1f5f0', fillOpacity: 1 };
          L.geoJSON(b.land, { style: () => land }).addTo(map);
          L.geoJSON(b.usLand, { style: () => land }).addTo(map);
          const line = { pane: 'basemap', renderer, interactive: false, fill: false, weight: 0.8 };
          L.geoJSON(b.stateBorders, { style: () => ({ ...line, color: '#cbd5e1' }) }).addTo(map);
          L.geoJSON(b.countryBorders, { style: () => ({ ...line, color: '#94a3b8', weight: 1 }) }).addTo(map);
        })
        // The markers and arcs still draw on the sea colour: a map without land is still a map of routes.
        .catch(() => undefined);
    }
    setState({ status: 'ready', map });
    return () => {
      cancelled = true;
      map.remove();
      setState({ status: 'loading', map: null });
    };
    // The map is made once per element and tile setting; the view options are its starting point only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, tileUrl, tileAttribution]);

  return state;
}
