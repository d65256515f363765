/**
 * A worker process for the dead-worker tests (modules/alerts/dead-worker.kill.test.ts, jobs/pg-boss-runner.kill.test.ts,
 * modules/digest/digest.kill.test.ts),
 * run with `node --import tsx`: the app's dependencies on DATABASE_URL with the pg-boss job runner, as a
 * `PROCESS_ROLE=worker` process runs them. What it runs:
 * - `CHILD_JOBS=alerts` (default): the alerts module's jobs; e-mail goes by HTTP to MAIL_URL (the test's fake mail
 *   server, which may hold a message unanswered as a mail server that took it and then stalls);
 * - `CHILD_JOBS=digest`: the digest module's jobs (digest.run, digest.send), e-mail likewise;
 * - `CHILD_JOBS=slow`: one job, `test.slow` (every SLOW_EVERY_MS), that writes its start and end to `test_job_log` and
 *   takes SLOW_MS.
 * Lines on stdin: `tick <job>` puts a tick of that job on the queue (as the schedule would). It prints `ready` once
 * its jobs are scheduled. Logs (warnings and up) go to stderr.
 */
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAppDeps } from '../deps';
import { clockFromConfig } from '../lib/clock';
import type { Job } from '../lib/app-module';
import type { createPgBossJobRunner } from '../jobs/pg-boss-runner';
import type { EmailProvider } from '../providers/email/email.provider';
import { scriptedAirline, testFlight } from './alerts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  JOBS_RUNNER: 'pg-boss',
  PROCESS_ROLE: 'worker',
  SWEEP_BUDGET_PER_HOUR: '0',
});
const log = pino({ level: process.env.CHILD_LOG_LEVEL ?? 'warn', base: { worker: process.env.CHILD_NAME } }, pino.destination(2));
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
const airline = scriptedAirline();
airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 50 })] }));

/** Hands each e-mail to the test's mail server over HTTP; its answer is the SMTP server's. */
const httpMail: EmailProvider = {
  kind: 'smtp',
  async send(message) {
    const res = await fetch(process.env.MAIL_URL!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-worker': process.env.CHILD_NAME ?? '' },
      body: JSON.stringify({ to: message.to, subject: message.subject, messageId: message.messageId }),
    });
    if (!res.ok) throw new Error(`451 the mail server answered ${res.status}`);
  },
  close: async () => {},
};
const clock = clockFromConfig(config);
const deps = await createAppDeps(config, database, { clock, email: httpMail, flights: airline.engine(clock) });

function slowJob(): Job {
  const ms = Number(process.env.SLOW_MS ?? 20_000);
  return {
    name: 'test.slow',
    everyMs: Number(process.env.SLOW_EVERY_MS ?? 60 * 60_000),
    async run(_log, signal) {
      const me = process.env.CHILD_NAME ?? '?';
      await database.db.execute(sql`insert into test_job_log (worker, event, at) values (${me}, 'start', clock_timestamp())`);
      console.log('slow-start');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(t);
          resolve();
        });
      });
      await database.db.execute(sql`insert into test_job_log (worker, event, at) values (${me}, 'end', clock_timestamp())`);
    },
  };
}

const moduleJobs = (name: string) => deps.modules.find((m) => m.name === name)?.jobs ?? [];
const jobs: readonly Job[] =
  process.env.CHILD_JOBS === 'slow' ? [slowJob()] : moduleJobs(process.env.CHILD_JOBS === 'digest' ? 'digest' : 'alerts');
const runner = deps.jobs as ReturnType<typeof createPgBossJobRunner>;
await runner.start(jobs, log as unknown as FastifyBaseLogger);
await runner.started();
console.log('ready');

for await (const line of createInterface({ input: process.stdin })) {
  const [command, name] = line.trim().split(/\s+/);
  if (command === 'tick' && name) {
    await runner.boss()?.send(name, {});
    console.log(`ticked ${name}`);
  }
}
