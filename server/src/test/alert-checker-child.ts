/**
 * A checker process for the kill test (modules/alerts/alerts.kill.test.ts), run with `node --import tsx`. It checks
 * the alerts on DATABASE_URL against a scripted airline where every fare is $50, then stops where KILL_POINT says and
 * waits to be killed:
 * - `after-commit`: the match and its e-mail row are committed, nothing was sent (no sender ran);
 * - `mid-send`: a sender took the e-mail and is talking to the mail server, which never answers.
 * It prints the point's name when it gets there.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAppDeps } from '../deps';
import { clockFromConfig } from '../lib/clock';
import { createAlertChecker } from '../modules/alerts/alert-checker';
import { alertMetrics } from '../modules/alerts/alerts.metrics';
import { createAlertsRepository } from '../modules/alerts/alerts.repository';
import { noJobs, scriptedAirline, testFlight } from './alerts';

const point = process.env.KILL_POINT;
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_RUNNER: 'interval' });
const clock = clockFromConfig(config);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
const airline = scriptedAirline();
airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 50 })] }));
const hangingMail = {
  kind: 'smtp' as const,
  send: () => {
    console.log('mid-send');
    return new Promise<void>(() => {});
  },
  close: async () => {},
};
const deps = await createAppDeps(config, database, { clock, jobs: noJobs, email: hangingMail, flights: airline.engine(clock) });

if (point === 'after-commit') {
  const checker = createAlertChecker({
    repo: createAlertsRepository(database.db),
    reference: deps.reference,
    flights: deps.flights,
    clock,
    metrics: alertMetrics(deps.metrics),
    mailer: { kick: () => {}, targetsForAlerts: deps.alertMailer.targetsForAlerts },
    concurrency: 4,
    appUrl: config.APP_URL,
    supportEmail: config.SUPPORT_EMAIL,
  });
  const report = await checker.run();
  console.log(report.matches > 0 ? 'after-commit' : 'no-match');
} else {
  await deps.alertChecker.run();
}
// Wait to be killed.
setInterval(() => {}, 60_000);
