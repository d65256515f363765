import { describe, expect, it } from 'vitest';
import { createBatchedLookup } from './batched-lookup';

const settle = () => new Promise((r) => setImmediate(r));

describe('batched look-ups', () => {
  it('asks once for the keys of one turn, in chunks of the batch size, and answers each caller', async () => {
    const queries: string[][] = [];
    const lookup = createBatchedLookup(
      async (keys: string[]) => {
        queries.push(keys);
        return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k.toUpperCase()]));
      },
      { maxBatch: 2 },
    );
    const answers = await Promise.all(['a', 'b', 'a', 'gone'].map((k) => lookup.get(k)));
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(queries).toEqual([['a', 'b'], ['gone']]);
  });

  it('fails the callers of a failed query only, and asks again for the next', async () => {
    let fail = true;
    const lookup = createBatchedLookup(async (keys: string[]) => {
      if (fail) throw new Error('database away');
      return new Map(keys.map((k) => [k, 1]));
    });
    await expect(lookup.get('a')).rejects.toThrow('database away');
    fail = false;
    await settle();
    await expect(lookup.get('a')).resolves.toBe(1);
  });
});
