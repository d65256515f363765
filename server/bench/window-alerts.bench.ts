/**
 * `npm run bench:window-alerts`: how long after a GoWild window opens the traveller's window-open alert is queued and
 * sent (docs/product/alerts.md#tell-me-when-gowild-opens; decision 232). On a simulated clock: --alerts N (600)
 * window-open alerts of as many premium users, on routes out of airports in five time zones (and one international
 * route), for dates whose windows open over the next days. The job runs as the worker runs it: on the minute's cron
 * tick, picked up --pickup-s (5, the pg-boss polling of a one-minute job) seconds later. The airline is a scripted
 * fake answering in --airline-ms (250) with GoWild on sale on two routes of three; the mail server takes --smtp-ms
 * (50) a message. A figure is simulated lag (tick − opening) plus the real time the run and the send took on this
 * machine. Prints the figures against the limit (5 minutes); writes no file.
 *
 *   npm run bench:window-alerts -- [--alerts N] [--airline-ms N] [--smtp-ms N] [--pickup-s N]
 */
import { availableParallelism, cpus } from 'node:os';
import { addDays } from '@gowild/contract/dates';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { notifications, users } from '../src/db/schema';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import { manualClock } from '../src/lib/clock';
import { todayAtAirport } from '../src/modules/alerts/alert-dates';
import { windowOpensAt } from '../src/modules/alerts/alert-kinds/window-open';
import { noJobs, scriptedAirline, testFlight } from '../src/test/alerts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ALERTS = arg('alerts', 600);
const AIRLINE_MS = arg('airline-ms', 250);
const SMTP_MS = arg('smtp-ms', 50);
const PICKUP_S = arg('pickup-s', 5);
const LIMIT_MS = 5 * 60_000;
const START = new Date('2026-07-15T16:00:00Z');
const ROUTES = [
  ['MCO', 'DEN'],
  ['ATL', 'LAS'],
  ['DEN', 'MCO'],
  ['PHX', 'DEN'],
  ['LAS', 'DEN'],
  ['SJU', 'MCO'],
  ['DEN', 'CUN'],
] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const clock = manualClock(START);
  const airline = scriptedAirline();
  airline.answer(async (q) => {
    await sleep(AIRLINE_MS);
    const gowild = (q.origin.charCodeAt(0) + q.date.charCodeAt(9)) % 3 !== 0;
    return { kind: 'flights', flights: [testFlight(q, gowild ? { go_wild: { total: 29, seats: 6 }, standard: 119 } : { standard: 119 })] };
  });
  let sent = 0;
  const email = {
    kind: 'outbox' as const,
    async send(m: { subject: string }) {
      await sleep(SMTP_MS);
      if (m.subject.startsWith('GoWild')) sent += 1;
    },
    async close() {},
  };
  const config = testConfig({ APP_URL: 'https://gowild.example' });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  const deps = await createAppDeps(config, database, { clock, jobs: noJobs, email, flights: airline.engine(clock) });
  try {
    const userRows = await database.db
      .insert(users)
      .values(
        Array.from({ length: ALERTS }, (_, i) => ({
          email: `window.${i}@example.com`,
          passwordHash: 'x',
          firstName: 'Win',
          lastName: `Dow${i}`,
          isPremium: true,
        })),
      )
      .returning({ id: users.id });
    const alerts = userRows.map((u, i) => {
      const [origin, destination] = ROUTES[i % ROUTES.length]!;
      const international = destination === 'CUN';
      const date = addDays(todayAtAirport(origin, START), (international ? 11 : 2) + (Math.floor(i / ROUTES.length) % 3));
      return {
        userId: u.id,
        kind: 'window_open',
        originAirport: origin,
        destinationAirport: destination,
        travelDates: [date],
        gowildOnly: true,
        opensAt: windowOpensAt(origin, destination, date),
        createdAt: START,
      };
    });
    for (let i = 0; i < alerts.length; i += 500) await database.db.insert(notifications).values(alerts.slice(i, i + 500));
    const openings = [...new Set(alerts.map((a) => a.opensAt.getTime()))].sort((a, b) => a - b);

    const queuedLag: number[] = [];
    const sentLag: number[] = [];
    const runs: number[] = [];
    let requests = 0;
    let gowild = 0;
    let notOffered = 0;
    for (const opening of openings) {
      // The cron ticks from the minute of the opening on, until nothing opened then is left waiting (at most 10 ticks).
      for (let minute = 0; minute < 10; minute++) {
        clock.set(new Date(Math.ceil(opening / 60_000) * 60_000 + minute * 60_000 + PICKUP_S * 1000));
        const tickStartedReal = performance.now();
        airline.requests.length = 0;
        const report = await deps.windowOpenChecker.run();
        const runMs = performance.now() - tickStartedReal;
        // The run kicks the sender; every message it queued is sent once this returns.
        await deps.alertMailer.idle();
        await deps.alertMailer.drain();
        const sentMs = performance.now() - tickStartedReal;
        requests += airline.requests.length;
        gowild += report.gowild;
        notOffered += report.notOffered;
        if (report.due > 0) runs.push(runMs);
        for (const lag of report.queuedAfterOpeningMs) {
          queuedLag.push(lag + runMs);
          sentLag.push(lag + sentMs);
        }
        if (report.due === 0 || report.due === report.gowild + report.notOffered + report.passed) break;
      }
    }
    const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const maxQueued = Math.max(...queuedLag);
    console.log(
      `\nWindow-open alerts: ${ALERTS} alerts, ${openings.length} distinct openings, airline ${AIRLINE_MS} ms, mail ${SMTP_MS} ms`,
    );
    console.log(
      `  completed: ${gowild} GoWild on sale, ${notOffered} not offered, of ${ALERTS}; airline requests ${requests} (one per route and date)`,
    );
    console.log(`  runs with work: ${runs.length}, longest ${s(Math.max(...runs))}`);
    console.log(
      `  opening → queued: median ${s(q(queuedLag, 0.5))}, p95 ${s(q(queuedLag, 0.95))}, max ${s(maxQueued)} (limit ${s(LIMIT_MS)}): ${maxQueued <= LIMIT_MS ? 'within' : 'OVER'}`,
    );
    const maxSent = Math.max(...sentLag);
    console.log(
      `  opening → sent: median ${s(q(sentLag, 0.5))}, p95 ${s(q(sentLag, 0.95))}, max ${s(maxSent)} (limit ${s(LIMIT_MS)}): ${maxSent <= LIMIT_MS ? 'within' : 'OVER'}`,
    );
    console.log(`  messages sent: ${sent} of ${gowild + notOffered}`);
    console.log(`  machine: ${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.versions.node}\n`);
  } finally {
    await disposeAppDeps(deps);
    await database.close();
  }
}

await main();
