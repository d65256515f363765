/**
 * One worker of `npm run bench:digest` (digest.bench.ts), run with `node --import tsx`: the app's dependencies on
 * DATABASE_URL with the job runner a `PROCESS_ROLE=worker` process has in production (pg-boss, its heartbeat on), and
 * e-mail to a mail server that takes SMTP_MS to accept each message. It runs the digest module's two jobs
 * (`digest.run` and `digest.send`, every minute on pg-boss's schedule; whichever process polls first gets a tick) and
 * nothing else, so the figures are the digest's. It prints `ready` once the schedules are in place; on a `stop` line it
 * writes the recipients it sent and the runs of each job to OUT_FILE, prints `done` and exits.
 */
import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import type { createPgBossJobRunner } from '../src/jobs/pg-boss-runner';
import type { Job } from '../src/lib/app-module';
import type { Clock } from '../src/lib/clock';
import type { EmailProvider } from '../src/providers/email/email.provider';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  BILLING_DEMO: 'true',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  JOBS_RUNNER: 'pg-boss',
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
// Every worker on the bench's day (CLOCK_OFFSET_MS from now, the same for all): a day without blackouts. pg-boss's
// schedule keeps the real clock, so the ticks come on the real minute, as the bench's hour does.
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
const deps = await createAppDeps(config, database, { email: mail, clock });
const log = pino({ level: 'warn', base: { worker: process.env.CHILD_NAME } }, pino.destination(2)) as unknown as FastifyBaseLogger;

// The digest's jobs as the module declares them, each run counted.
const runs: Record<string, number> = {};
const jobs: Job[] = (deps.modules.find((m) => m.name === 'digest')?.jobs ?? []).map((job) => ({
  ...job,
  run: async (l, signal) => {
    runs[job.name] = (runs[job.name] ?? 0) + 1;
    await job.run(l, signal);
  },
}));
const runner = deps.jobs as ReturnType<typeof createPgBossJobRunner>;
await runner.start(jobs, log);
await runner.started();
console.log('ready');

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'stop') continue;
  await writeFile(process.env.OUT_FILE!, JSON.stringify({ sent, runs }));
  await runner.stop();
  console.log('done');
  await disposeAppDeps(deps);
  await database.close();
  process.exit(0);
}
