/**
 * One worker of `npm run bench:digest` (digest.bench.ts), run with `node --import tsx`: the app's dependencies on
 * DATABASE_URL (its heartbeat on, as a worker process has), e-mail to a mail server that takes SMTP_MS to accept
 * each message. On a `go` line on stdin it runs the digests due, as the job's ticks would, until nothing is due or
 * in flight anywhere; then it writes the recipients it sent to OUT_FILE and prints `done`.
 */
import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/liveness';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import type { JobRunner } from '../src/jobs/job-runner';
import type { Clock } from '../src/lib/clock';
import type { EmailProvider } from '../src/providers/email/email.provider';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  BILLING_DEMO: 'true',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  JOBS_RUNNER: 'interval',
  PROCESS_ROLE: 'worker',
});
const SMTP_MS = Number(process.env.SMTP_MS ?? 20);
const sent: string[] = [];
const mail: EmailProvider = {
  kind: 'smtp',
  async send(message) {
    if (SMTP_MS > 0) await new Promise((r) => setTimeout(r, SMTP_MS));
    sent.push(message.to);
  },
  close: async () => {},
};
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };
// Every worker on the bench's day (CLOCK_OFFSET_MS from now, the same for all): a day without blackouts.
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
const deps = await createAppDeps(config, database, { jobs: noJobs, email: mail, clock });

async function leftToDo(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    database.db,
    sql`select (select count(*) from digest_settings where enabled and next_due_at <= ${clock.now()})::int
      + (select count(*) from digest_deliveries where delivered_at is null and failed_at is null)::int as n`,
  );
  return row?.n ?? 0;
}

async function work() {
  const runs: number[] = [];
  for (;;) {
    const r = await deps.digest.run();
    runs.push(r.planned);
    if (r.planned === 0 && r.sent === 0 && (await leftToDo()) === 0) break;
    // The other worker holds what is left: the next tick (here at once, after a short pause) takes any it leaves.
    if (r.planned === 0 && r.sent === 0) await new Promise((res) => setTimeout(res, 200));
  }
  await writeFile(process.env.OUT_FILE!, JSON.stringify({ sent, runs: runs.length }));
  console.log('done');
  await disposeAppDeps(deps);
  await database.close();
  process.exit(0);
}

console.log('ready');
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === 'go') void work();
});
