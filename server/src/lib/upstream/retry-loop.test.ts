import { describe, expect, it } from 'vitest';
import { retryLoop } from './retry-loop';

/** An attempt whose first `failures` results are not good enough ('no'), then 'yes'. */
function failing(failures: number) {
  let calls = 0;
  const attempt = async () => (++calls <= failures ? 'no' : 'yes');
  return { attempt, calls: () => calls };
}
const good = (r: string) => r === 'yes';

describe('retry loop', () => {
  it('answers at once when the first result is good, without waiting', async () => {
    const waits: number[] = [];
    const { attempt, calls } = failing(0);
    const result = await retryLoop(attempt, { retries: 3, delay: () => 100, done: good, sleep: async (ms) => void waits.push(ms) });
    expect(result).toBe('yes');
    expect(calls()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('waits delay(retry) before each retry, and answers the first good result', async () => {
    const waits: number[] = [];
    const { attempt, calls } = failing(2);
    const result = await retryLoop(attempt, {
      retries: 4,
      delay: (r) => 10 * (r + 1),
      done: good,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBe('yes');
    expect(calls()).toBe(3);
    expect(waits).toEqual([10, 20]);
  });

  it('returns the last result once the retries are spent', async () => {
    const waits: number[] = [];
    const { attempt, calls } = failing(10);
    const result = await retryLoop(attempt, { retries: 2, delay: () => 5, done: good, sleep: async (ms) => void waits.push(ms) });
    expect(result).toBe('no');
    expect(calls()).toBe(3);
    expect(waits).toEqual([5, 5]);
  });

  it('does not retry a throw: it reaches the caller at once', async () => {
    let calls = 0;
    const waits: number[] = [];
    const attempt = async (): Promise<string> => {
      calls += 1;
      throw new Error('unexpected');
    };
    await expect(retryLoop(attempt, { retries: 3, delay: () => 1, done: good, sleep: async (ms) => void waits.push(ms) })).rejects.toThrow(
      'unexpected',
    );
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('with no retries is one attempt', async () => {
    const { attempt, calls } = failing(1);
    expect(await retryLoop(attempt, { retries: 0, delay: () => 1, done: good })).toBe('no');
    expect(calls()).toBe(1);
  });
});
