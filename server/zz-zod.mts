import { readFileSync } from 'node:fs';
import { frontierFlightDataSchema } from './src/providers/flights/frontier.schemas';
import { createSchedule } from './src/providers/flights/emulator/schedule';
import { seedNetwork } from './src/providers/flights/emulator/network';
import { selectPage } from './src/providers/flights/emulator/pages';
import { extractFlightData } from './src/providers/flights/frontier-page';
const s = createSchedule({ network: seedNetwork(), bucketMinutes: 30 });
const pages: string[] = [];
for (const d of ['LAS','MCO','ATL','LGA','PHX','SFO','SEA','ORD']) for (let i = 1; i < 8; i++) { const date = new Date(Date.now() + i * 86400000).toISOString().slice(0, 10); pages.push(selectPage(s.flightData('DEN', d, date, new Date()), { origin: 'DEN', destination: d, date })); }
const jsons = pages.map(p => (extractFlightData(p) as any).json);
for (let round = 0; round < 3; round++) {
  let t = performance.now(); for (let k = 0; k < 10; k++) for (const p of pages) extractFlightData(p); const a = (performance.now() - t) / (10 * pages.length);
  t = performance.now(); for (let k = 0; k < 10; k++) for (const j of jsons) frontierFlightDataSchema.safeParse(j); const b = (performance.now() - t) / (10 * pages.length);
  console.log('extract', a.toFixed(3), 'ms/page; zod', b.toFixed(3), 'ms/page; page bytes', pages[0]!.length);
}
