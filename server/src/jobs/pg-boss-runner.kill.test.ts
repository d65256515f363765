import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownPostgresDatabase } from '../test/kill-harness';

/**
 * A long job (as a sweep or the alert checker is) on two worker processes sharing one PostgreSQL (issue 34;
 * `npm run test:pg`): while its worker lives, ticks on either process never start a second run beside it; when its
 * worker is killed (SIGKILL) mid-run, the other worker runs it within 15 s. Before decision 247 the run's pg-boss job
 * stayed with the dead worker until pg-boss expired it: two periods, at least a minute, for an hourly job two hours.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const child = path.resolve(here, '../test/job-worker-child.ts');
const TAKEN_OVER_WITHIN_MS = 15_000;
const GIVE_UP_MS = Number(process.env.DEAD_WORKER_GIVE_UP_MS ?? 60_000);

interface Worker {
  name: string;
  proc: ChildProcessWithoutNullStreams;
  exited: Promise<NodeJS.Signals | number | null>;
  ready: Promise<void>;
  send(line: string): void;
}

function startWorker(name: string, env: Record<string, string>): Worker {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], {
    cwd: serverDir,
    env: { ...process.env, ...env, CHILD_NAME: name },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  proc.stderr.on('data', (c: Buffer) => process.stderr.write(`[${name}] ${c.toString()}`));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('ready')) resolve();
    });
    void exited.then((how) => reject(new Error(`worker ${name} ended (${how}): ${out}`)));
  });
  return { name, proc, exited, ready, send: (line) => void proc.stdin.write(`${line}\n`) };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a long job on two workers', () => {
  const pg = ownPostgresDatabase('gw_runner_kill');
  const workers: Worker[] = [];
  beforeAll(async () => {
    await pg.database.db.execute(sql`create table test_job_log (worker text not null, event text not null, at timestamptz not null)`);
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) w.proc.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
  });

  const log = async () =>
    (
      (await pg.database.db.execute(sql`select worker, event, at from test_job_log order by at`)) as unknown as {
        rows: { worker: string; event: string; at: Date | string }[];
      }
    ).rows;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it(
    'is not run twice while its worker lives, and is run by the other within 15 s of that worker’s death',
    async () => {
      // Every minute, as the sweep runs: before decision 247 its pg-boss job expired after two minutes.
      const env = { DATABASE_URL: pg.url, CHILD_JOBS: 'slow', SLOW_MS: '40000', SLOW_EVERY_MS: '60000', LOG_LEVEL: 'silent' };
      const pair = { A: startWorker('A', env), B: startWorker('B', env) };
      workers.push(pair.A, pair.B);
      await Promise.all([pair.A.ready, pair.B.ready]);
      pair.A.send('tick test.slow');
      const end = Date.now() + 30_000;
      while ((await log()).length === 0 && Date.now() < end) await sleep(100);
      const [first] = await log();
      expect(first, 'a worker started the run').toBeDefined();
      const holder = first!.worker as 'A' | 'B';
      const other = holder === 'A' ? 'B' : 'A';

      // 16 s of ticks on both workers, twice the time after which a silent worker counts as dead: the run stays one.
      for (let i = 0; i < 8; i++) {
        pair.A.send('tick test.slow');
        pair.B.send('tick test.slow');
        await sleep(2000);
      }
      expect((await log()).map((r) => `${r.worker} ${r.event}`)).toEqual([`${holder} start`]);

      pair[holder].proc.kill('SIGKILL');
      expect(await pair[holder].exited).toBe('SIGKILL');
      const killedAt = Date.now();
      const giveUp = killedAt + GIVE_UP_MS;
      let takenOverAt: number | undefined;
      while (Date.now() < giveUp) {
        const rows = await log();
        const again = rows.find((r) => r.worker === other && r.event === 'start');
        if (again) {
          takenOverAt = new Date(again.at).getTime();
          break;
        }
        await sleep(200);
      }
      const seconds = takenOverAt === undefined ? `not within ${GIVE_UP_MS / 1000}` : ((takenOverAt - killedAt) / 1000).toFixed(1);
      console.log(`long job taken over after ${seconds} s`);
      expect(takenOverAt, 'the other worker ran the job').toBeDefined();
      expect(takenOverAt! - killedAt).toBeLessThanOrEqual(TAKEN_OVER_WITHIN_MS);
    },
    GIVE_UP_MS + 120_000,
  );
});
