import { afterEach, describe, expect, it, vi } from 'vitest';
import { USE_DECAY_MS, createSemaphore } from './semaphore';

describe('semaphore', () => {
  it('lets `limit` holders in at once and queues the rest', async () => {
    const slots = createSemaphore(2);
    await slots.acquire();
    await slots.acquire();
    let third = false;
    const waiting = slots.acquire().then(() => (third = true));
    await Promise.resolve();
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(1);
    expect(third).toBe(false);
    slots.release();
    await waiting;
    expect(third).toBe(true);
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(0);
  });

  it('hands a released slot to the longest waiter first', async () => {
    const slots = createSemaphore(1);
    await slots.acquire();
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) => slots.acquire().then(() => order.push(n)));
    for (let i = 0; i < 3; i++) {
      slots.release();
      await waiters[i];
    }
    expect(order).toEqual([1, 2, 3]);
    slots.release();
    expect(slots.active).toBe(0);
  });

  it('never has more holders than the limit under load', async () => {
    vi.useFakeTimers();
    const slots = createSemaphore(3);
    let holding = 0;
    let peak = 0;
    const all = Promise.all(
      Array.from({ length: 12 }, async () => {
        await slots.acquire();
        peak = Math.max(peak, ++holding);
        await new Promise((r) => setTimeout(r, 2));
        holding--;
        slots.release();
      }),
    );
    await vi.runAllTimersAsync();
    await all;
    expect(peak).toBe(3);
    expect(slots.active).toBe(0);
  });

  it('serves a spare-capacity waiter (a hedge) only after every ordinary waiter, and lets it give up', async () => {
    const slots = createSemaphore(1);
    await slots.acquire();
    const order: string[] = [];
    const giveUp = new AbortController();
    const spare = slots.acquireSpare(new AbortController().signal).then((got) => order.push(`spare:${got}`));
    const abandoned = slots.acquireSpare(giveUp.signal);
    const ordinary = slots.acquire().then(() => order.push('ordinary'));
    giveUp.abort();
    expect(await abandoned).toBe(false);
    slots.release();
    await ordinary;
    slots.release();
    await spare;
    expect(order).toEqual(['ordinary', 'spare:true']);
    expect(slots.active).toBe(1);
    expect(slots.waiting).toBe(0);
  });
});

describe('semaphore served fairly (decision 116)', () => {
  afterEach(() => vi.useRealTimers());

  /** Holds the one slot, queues `waiters` as [owner, lane] in that order, then lets them through one by one. */
  async function orderServed(waiters: [string, 'traveller' | 'background'][]) {
    const slots = createSemaphore(1);
    await slots.acquire('holder');
    const order: string[] = [];
    let holder = 'holder';
    const granted = waiters.map(([owner, lane], i) =>
      slots.acquire(owner, lane).then(() => {
        order.push(`${owner}${i}`);
        holder = owner;
      }),
    );
    for (let i = 0; i < waiters.length; i++) {
      slots.release(holder);
      await Promise.race(granted.filter((_, j) => !order.includes(`${waiters[j]![0]}${j}`)));
    }
    return order;
  }

  it("serves owners round-robin: one user's burst waits behind everyone else's first requests", async () => {
    const order = await orderServed([
      ['burst', 'traveller'],
      ['burst', 'traveller'],
      ['burst', 'traveller'],
      ['burst', 'traveller'],
      ['other', 'traveller'],
      ['third', 'traveller'],
      ['other', 'traveller'],
    ]);
    expect(order).toEqual(['burst0', 'other4', 'third5', 'burst1', 'other6', 'burst2', 'burst3']);
  });

  it('serves background work only when no traveller waits', async () => {
    const order = await orderServed([
      ['checker', 'background'],
      ['checker', 'background'],
      ['user', 'traveller'],
      ['user', 'traveller'],
    ]);
    expect(order).toEqual(['user2', 'user3', 'checker0', 'checker1']);
  });

  it('serves first the waiting owner who holds the fewest slots: a user arriving mid-burst goes next', async () => {
    const slots = createSemaphore(2);
    const order: string[] = [];
    const burst = Array.from({ length: 4 }, (_, i) => slots.acquire('burst').then(() => order.push(`burst${i}`)));
    await Promise.all(burst.slice(0, 2));
    const other = slots.acquire('other').then(() => order.push('other'));
    slots.release('burst');
    await other;
    slots.release('burst');
    await Promise.race(burst.slice(2));
    expect(order).toEqual(['burst0', 'burst1', 'other', 'burst2']);
  });

  it('hands each grant out after the gate (the pacer), one at a time, in fair order', async () => {
    vi.useFakeTimers();
    const starts: number[] = [];
    // A gate that opens every 100 ms: the pacer at 10 requests a second.
    let next = 0;
    const gate = async () => {
      const at = Math.max(Date.now(), next);
      next = at + 100;
      await new Promise((r) => setTimeout(r, at - Date.now()));
      starts.push(Date.now());
    };
    const t0 = Date.now();
    const slots = createSemaphore(10, { gate });
    const order: string[] = [];
    const all = [
      ...Array.from({ length: 5 }, (_, i) => slots.acquire('burst').then(() => order.push(`burst${i}`))),
      slots.acquire('other').then(() => order.push('other')),
    ];
    await vi.runAllTimersAsync();
    await Promise.all(all);
    expect(starts.map((t) => t - t0)).toEqual([0, 100, 200, 300, 400, 500]);
    // Slots were free, yet each grant waited for the gate in fair order: the other user's request came second.
    expect(order).toEqual(['burst0', 'other', 'burst1', 'burst2', 'burst3', 'burst4']);
    expect(slots.active).toBe(6);
  });

  it('tells the gate when the chosen owner holds more slots than another owner in the queue (heavy)', async () => {
    const seen: [string, boolean][] = [];
    let next = '';
    const slots = createSemaphore(10, { gate: async (heavy) => void seen.push([next, heavy]) });
    const take = async (owner: string) => {
      next = owner;
      await slots.acquire(owner);
    };
    await take('alone');
    await take('alone');
    await take('burst');
    await take('burst');
    await take('newcomer');
    slots.release('alone');
    slots.release('alone');
    await take('burst');
    // Alone, nobody is heavy; holding more than someone else makes the chosen owner heavy.
    expect(seen).toEqual([
      ['alone', false],
      ['alone', false],
      ['burst', false],
      ['burst', false],
      ['newcomer', false],
      ['burst', true],
    ]);
  });

  it("keeps the last half of the slots for lighter users while a heavier one's burst waits", async () => {
    const slots = createSemaphore(4);
    const order: string[] = [];
    await slots.acquire('light');
    const burst = Array.from({ length: 4 }, (_, i) => slots.acquire('burst').then(() => order.push(`burst${i}`)));
    await Promise.race(burst);
    await Promise.resolve();
    // The burst took slots while it held no more than the light user, then holds back: the last one stays free.
    expect(order).toEqual(['burst0', 'burst1']);
    expect(slots.active).toBe(3);
    await slots.acquire('light');
    expect(slots.active).toBe(4);
    slots.release('light');
    slots.release('light');
    await Promise.all(burst);
    expect(order).toEqual(['burst0', 'burst1', 'burst2', 'burst3']);
  });

  describe('recent use (decision 161)', () => {
    it("serves a newcomer before a burst for the whole of the newcomer's requests, not only until they hold as many slots", async () => {
      let t = 0;
      const slots = createSemaphore(3, { now: () => t });
      // The burst has been busy: ten requests started and ended in the last moments.
      for (let i = 0; i < 10; i++) {
        await slots.acquire('burst');
        slots.release('burst');
      }
      await slots.acquire('newcomer');
      await slots.acquire('newcomer');
      await slots.acquire('newcomer');
      const order: string[] = [];
      const burst = slots.acquire('burst').then(() => order.push('burst'));
      const more = [1, 2].map((i) => slots.acquire('newcomer').then(() => order.push(`newcomer${i}`)));
      t += 100;
      // The newcomer holds every slot and the burst none, yet the newcomer has used less: it goes first.
      slots.release('newcomer');
      await more[0];
      slots.release('newcomer');
      await more[1];
      slots.release('newcomer');
      await burst;
      expect(order).toEqual(['newcomer1', 'newcomer2', 'burst']);
    });

    it('lets recent use fade: a burst long past weighs nothing', async () => {
      let t = 0;
      const slots = createSemaphore(1, { now: () => t });
      for (let i = 0; i < 10; i++) {
        await slots.acquire('old');
        slots.release('old');
      }
      t += 10 * USE_DECAY_MS;
      for (let i = 0; i < 2; i++) {
        await slots.acquire('new');
        slots.release('new');
      }
      await slots.acquire('holder');
      const order: string[] = [];
      const waiting = [slots.acquire('new').then(() => order.push('new')), slots.acquire('old').then(() => order.push('old'))];
      slots.release('holder');
      await waiting[1];
      slots.release('old');
      await waiting[0];
      // Ten requests 20 s ago count for less than the two just made.
      expect(order).toEqual(['old', 'new']);
    });

    it('tells the gate that a lone owner in a sustained burst is heavy, so its reserve stays for the next arrival', async () => {
      const seen: boolean[] = [];
      let t = 0;
      const slots = createSemaphore(10, { gate: async (heavy) => void seen.push(heavy), sustainedUse: 3, now: () => t });
      for (let i = 0; i < 5; i++) {
        await slots.acquire('alone');
        slots.release('alone');
      }
      expect(seen).toEqual([false, false, false, true, true]);
      t += 10 * USE_DECAY_MS;
      await slots.acquire('alone');
      expect(seen.at(-1)).toBe(false);
    });
  });

  describe('a burst from its first request (decision 250)', () => {
    const settle = async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
    };

    it('keeps a quarter of the slots and the gate’s reserve free while one owner asks for more than burstDemand', async () => {
      const seen: boolean[] = [];
      const slots = createSemaphore(8, { gate: async (heavy) => void seen.push(heavy), burstDemand: 8 });
      const burst = Array.from({ length: 12 }, () => slots.acquire('burst'));
      await settle();
      // Twelve asked of eight slots: six granted and two kept free; every grant once the twelve were asked is heavy
      // (the gate keeps its reserve). The first went out before the others were asked.
      expect(slots.active).toBe(6);
      expect(seen).toEqual([false, true, true, true, true, true]);
      // A newcomer starts at once, and is not heavy: asking no more than the slots (one search) is no burst.
      await slots.acquire('newcomer');
      expect(seen.at(-1)).toBe(false);
      expect(slots.active).toBe(7);
      void burst;
    });

    it("serves a newcomer before a burst even once the newcomer's recent use is the greater", async () => {
      const slots = createSemaphore(4, { gate: async () => {}, burstDemand: 4 });
      const order: string[] = [];
      const burst = Array.from({ length: 6 }, (_, i) => slots.acquire('burst').then(() => order.push(`burst${i}`)));
      await settle();
      expect(order).toEqual(['burst0', 'burst1', 'burst2']);
      const newcomer = Array.from({ length: 5 }, (_, i) => slots.acquire('newcomer').then(() => order.push(`newcomer${i}`)));
      await newcomer[0];
      // Each slot the newcomer frees goes back to the newcomer, even once it has used more than the burst (ranked by
      // recent use alone, the burst would go next from the fourth on).
      for (let i = 1; i < 5; i++) {
        slots.release('newcomer');
        await newcomer[i];
      }
      expect(order.slice(3)).toEqual(['newcomer0', 'newcomer1', 'newcomer2', 'newcomer3', 'newcomer4']);
      slots.release('newcomer');
      for (let i = 3; i < 6; i++) {
        slots.release('burst');
        await burst[i];
      }
      expect(order.slice(8)).toEqual(['burst3', 'burst4', 'burst5']);
    });
  });
});
