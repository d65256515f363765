import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

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
    const slots = createSemaphore(3);
    let holding = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        await slots.acquire();
        peak = Math.max(peak, ++holding);
        await new Promise((r) => setTimeout(r, 2));
        holding--;
        slots.release();
      }),
    );
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
