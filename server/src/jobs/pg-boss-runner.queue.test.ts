import { describe, expect, it } from 'vitest';
import { ensureQueue } from './pg-boss-runner';

/** A pg-boss stand-in whose createQueue fails its first `failures` times (a deadlock victim), then makes the queue. */
function fakeBoss(failures: number, opts: { existsAfter?: number } = {}) {
  const calls: string[] = [];
  let creates = 0;
  let made = false;
  const boss = {
    getQueue: async (name: string) => {
      calls.push(`get ${name}`);
      return made || (opts.existsAfter !== undefined && creates >= opts.existsAfter) ? { name } : null;
    },
    createQueue: async (name: string) => {
      calls.push(`create ${name}`);
      creates += 1;
      if (creates <= failures) throw new Error(`deadlock ${creates}`);
      made = true;
    },
    updateQueue: async (name: string) => {
      calls.push(`update ${name}`);
    },
  };
  return { boss: boss as unknown as Parameters<typeof ensureQueue>[0], calls };
}
const queue = { policy: 'stately' as const, retryLimit: 0, expireInSeconds: 30 };

describe('ensureQueue: the queue made once, whichever process wins the race', () => {
  it('creates a missing queue and sets its policy, without waiting', async () => {
    const { boss, calls } = fakeBoss(0);
    const waits: number[] = [];
    await ensureQueue(boss, 'q', queue, { sleep: async (ms) => void waits.push(ms) });
    expect(calls).toEqual(['get q', 'create q', 'update q']);
    expect(waits).toEqual([]);
  });

  it('tries again after a random gap growing with the attempt (100 ms + up to 400 ms × attempt)', async () => {
    const { boss, calls } = fakeBoss(2);
    const waits: number[] = [];
    await ensureQueue(boss, 'q', queue, { sleep: async (ms) => void waits.push(ms), random: () => 0.5 });
    expect(calls).toEqual(['get q', 'create q', 'get q', 'create q', 'get q', 'create q', 'update q']);
    expect(waits).toEqual([300, 500]);
  });

  it('finds the queue the other process made, and stops creating', async () => {
    const { boss, calls } = fakeBoss(1, { existsAfter: 1 });
    await ensureQueue(boss, 'q', queue, { sleep: async () => {}, random: () => 0 });
    expect(calls).toEqual(['get q', 'create q', 'get q', 'update q']);
  });

  it('gives up after five attempts with the last error', async () => {
    const { boss, calls } = fakeBoss(10);
    const waits: number[] = [];
    await expect(ensureQueue(boss, 'q', queue, { sleep: async (ms) => void waits.push(ms), random: () => 1 })).rejects.toThrow(
      'deadlock 5',
    );
    expect(calls.filter((c) => c === 'create q')).toHaveLength(5);
    expect(calls).not.toContain('update q');
    expect(waits).toEqual([500, 900, 1300, 1700]);
  });

  it('does not retry a failed look-up', async () => {
    const { boss } = fakeBoss(0);
    let gets = 0;
    const failingLookup = {
      ...boss,
      getQueue: async () => {
        gets += 1;
        throw new Error('connection lost');
      },
    } as unknown as Parameters<typeof ensureQueue>[0];
    await expect(ensureQueue(failingLookup, 'q', queue, { sleep: async () => {} })).rejects.toThrow('connection lost');
    expect(gets).toBe(1);
  });
});
