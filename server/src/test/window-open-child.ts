/**
 * A window-open job process for the kill test (modules/alerts/window-open.kill.test.ts), run with `node --import tsx`.
 * It checks the window-open alerts on DATABASE_URL at TEST_NOW against a scripted airline with GoWild at $29, then
 * stops where KILL_POINT says and waits to be killed:
 * - `mid-check`: the airline has the request and never answers (nothing is committed);
 * - `after-commit`: the alert is completed and its message queued, nothing was sent (no sender ran).
 * It prints the point's name when it gets there.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAppDeps } from '../deps';
import { clockFromConfig } from '../lib/clock';
import { createAlertChecker } from '../modules/alerts/alert-checker';
import { alertMetrics } from '../modules/alerts/alerts.metrics';
import { createAlertsRepository } from '../modules/alerts/alerts.repository';
import { noJobs, recordingEmail, scriptedAirline, testFlight } from './alerts';

const point = process.env.KILL_POINT;
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_RUNNER: 'interval' });
const clock = clockFromConfig(config);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
const airline = scriptedAirline();
airline.answer((q) => {
  if (point === 'mid-check') {
    console.log('mid-check');
    return new Promise(() => {});
  }
  return { kind: 'flights', flights: [testFlight(q, { go_wild: { total: 29, seats: 3 } })] };
});
const deps = await createAppDeps(config, database, { clock, jobs: noJobs, email: recordingEmail(), flights: airline.engine(clock) });
const checker = createAlertChecker({
  repo: createAlertsRepository(database.db),
  reference: deps.reference,
  flights: deps.flights,
  clock,
  metrics: alertMetrics(deps.metrics),
  mailer: { kick: () => {}, targetsForAlerts: deps.alertMailer.targetsForAlerts },
  concurrency: 2,
  appUrl: config.APP_URL,
  supportEmail: config.SUPPORT_EMAIL,
});
const report = await checker.runOpenings();
if (point === 'after-commit') console.log(report.gowild > 0 ? 'after-commit' : 'no-match');
// Wait to be killed.
setInterval(() => {}, 60_000);
