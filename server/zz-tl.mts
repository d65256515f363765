import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { openDatabase } from './src/db/client';
import { createAppDeps } from './src/deps';
import { fixedCallerGate } from './src/test/search-gates';
const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', FLIGHTS_PROVIDER: 'frontier', FRONTIER_BASE_URL: 'http://127.0.0.1:18790', RATE_LIMIT_PER_MINUTE: '100000' });
const database = await openDatabase({ dataDir: 'memory://' });
const deps = await createAppDeps(config, database, { searchGate: fixedCallerGate().gate });
const app = await buildApp(deps);
const p = deps.flights.provider; const orig = p.fetchFlights.bind(p);
let T0 = 0; const log: [number, number][] = [];
(p as any).fetchFlights = async (q: any, s: any) => { const a = performance.now() - T0; const r = await orig(q, s); log.push([a, performance.now() - T0]); return r; };
for (let i = 2; i < 7; i++) {
  const date = new Date(Date.now() + i * 86400000).toISOString().slice(0, 10);
  log.length = 0; T0 = performance.now();
  const r = await app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN&date=${date}` });
  const total = performance.now() - T0;
  log.sort((a, b) => a[0] - b[0]);
  const ends = log.map(l => l[1]).sort((a, b) => a - b);
  console.log(r.statusCode, 'total', Math.round(total), 'starts', log.slice(0, 50).map(l => Math.round(l[0])).filter((_, i) => i % 10 === 0), 'wave2 starts', log.slice(50).map(l => Math.round(l[0])).filter((_, i) => i % 5 === 0), 'ends', [0, 10, 25, 49, 50, 60, 69].map(i => Math.round(ends[i]!)));
}
process.exit(0);
