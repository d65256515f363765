import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  // On fake timers: a tick is exactly `everyMs` later, so the counts are exact and nothing waits for real time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job at start, then on every tick, and no more once stopped', async () => {
    let calls = 0;
    const runner = createIntervalJobRunner();
    await runner.start([{ name: 'count', everyMs: 25, run: async () => void calls++ }], recordingLog().log);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(5);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(5);
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
    // Ten ticks pass while runs take 60 ms each: the ones during a run are skipped.
    await vi.advanceTimersByTimeAsync(100);
    expect(peak).toBe(1);
    expect(finished).toBe(1);
    expect(running).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => void (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    await stopping;
    expect(stopped).toBe(true);
    expect(running).toBe(0);
    expect(finished).toBe(2);
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
    await vi.advanceTimersByTimeAsync(50);
    await runner.stop();
    expect(calls).toBe(3);
    expect(warnings).toHaveLength(3);
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
    // The sweep's job is there only with an airline budget for it (tests run with none).
    const all =
      'start accounts.purge-expired,observations.prune,alerts.check,alerts.window-open,alerts.send-emails,digest.run,digest.send,billing.trial-reminders,' +
      'data-health.unreadable-pages-notice,data-health.unreadable-pages-prune';
    expect(events).toEqual([all]);
    await app.close();
    expect(events).toEqual([all, 'stop']);
  });
});
