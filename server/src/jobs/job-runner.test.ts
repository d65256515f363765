import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Job } from '../lib/app-module';
import type { AppOverrides } from '../deps';
import { buildTestApp } from '../test/build-test-app';
import { type JobRunner, createIntervalJobRunner } from './job-runner';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function recordingLog() {
  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args), info: () => {} } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('interval job runner', () => {
  it('runs a job at start, then on every tick, and no more once stopped', async () => {
    let calls = 0;
    const runner = createIntervalJobRunner();
    await runner.start([{ name: 'count', everyMs: 25, run: async () => void calls++ }], recordingLog().log);
    expect(calls).toBe(1);
    await sleep(120);
    expect(calls).toBeGreaterThanOrEqual(3);
    await runner.stop();
    const atStop = calls;
    await sleep(80);
    expect(calls).toBe(atStop);
  });

  it('never overlaps a run with the previous one, and stop waits for the run in progress', async () => {
    let running = 0;
    let peak = 0;
    let finished = 0;
    const slow: Job = {
      name: 'slow',
      everyMs: 10,
      run: async () => {
        peak = Math.max(peak, ++running);
        await sleep(60);
        running--;
        finished++;
      },
    };
    const runner = createIntervalJobRunner();
    await runner.start([slow], recordingLog().log);
    await sleep(100);
    await runner.stop();
    expect(peak).toBe(1);
    expect(running).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(1);
  });

  it('logs a failed run with the job name and tries again at the next tick', async () => {
    let calls = 0;
    const { log, warnings } = recordingLog();
    const runner = createIntervalJobRunner();
    await runner.start(
      [
        {
          name: 'flaky',
          everyMs: 20,
          run: async () => {
            calls++;
            throw new Error('database away');
          },
        },
      ],
      log,
    );
    await sleep(70);
    await runner.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(warnings[0]).toEqual([{ err: expect.any(Error), job: 'flaky' }, 'job flaky failed']);
  });
});

describe('the app and its jobs', () => {
  it("starts the modules' jobs when the app is ready and stops them when it closes", async () => {
    const events: string[] = [];
    const jobs: JobRunner = {
      start: async (list) => void events.push(`start ${list.map((j) => j.name).join(',')}`),
      stop: async () => void events.push('stop'),
    };
    const overrides: AppOverrides = { jobs };
    const { app } = await buildTestApp({ deps: overrides });
    expect(events).toEqual([]);
    await app.ready();
    const all = 'start accounts.purge-expired,alerts.check,alerts.send-emails,billing.trial-reminders';
    expect(events).toEqual([all]);
    await app.close();
    expect(events).toEqual([all, 'stop']);
  });
});
