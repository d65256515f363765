import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { OutsideServiceError, type ServiceClientEvent, ServiceUnavailableError, createServiceClient } from './service-client';

const T0 = new Date('2026-07-15T12:00:00Z');

function build(over: Partial<Parameters<typeof createServiceClient>[0]> = {}) {
  const clock = manualClock(T0);
  let mono = 0;
  const events: ServiceClientEvent[] = [];
  const client = createServiceClient({
    name: 'test',
    clock,
    freshMs: 5 * 60_000,
    concurrency: 4,
    rps: 1000,
    timeoutMs: 200,
    retries: 1,
    breakerThreshold: 2,
    breakerCooldownMs: 10_000,
    sleep: async () => {},
    monotonic: () => mono,
    onEvent: (e) => events.push(e),
    ...over,
  });
  return { client, clock, events, advance: (ms: number) => (mono += ms) };
}

describe('outside-service client', () => {
  it('answers the same key from its cache while fresh, and asks again once it is not', async () => {
    const { client, clock, events } = build();
    let calls = 0;
    const work = async () => ++calls;
    expect(await client.call('k', work)).toBe(1);
    expect(await client.call('k', work)).toBe(1);
    clock.set(new Date(T0.getTime() + 5 * 60_000 + 1));
    expect(await client.call('k', work)).toBe(2);
    expect(events.filter((e) => e === 'hit')).toHaveLength(1);
  });

  it('joins identical calls in flight', async () => {
    const { client } = build();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const work = async () => {
      calls++;
      await gate;
      return 'v';
    };
    const both = Promise.all([client.call('k', work), client.call('k', work)]);
    release();
    expect(await both).toEqual(['v', 'v']);
    expect(calls).toBe(1);
  });

  it('retries a retryable failure, and does not cache a failure', async () => {
    const { client, events } = build();
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new OutsideServiceError('502', 'retryable');
      return 'ok';
    };
    expect(await client.call('k', flaky)).toBe('ok');
    expect(calls).toBe(2);
    expect(events).toContain('retry');
    const failing = async () => {
      throw new OutsideServiceError('502', 'retryable');
    };
    await expect(client.call('other', failing)).rejects.toMatchObject({ reason: 'failed' });
    expect(await client.call('other', async () => 'later')).toBe('later');
  });

  it('times an attempt out', async () => {
    const { client } = build({ retries: 0, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });
    const hang = (signal: AbortSignal) =>
      new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const err = await client.call('k', hang).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect((err as ServiceUnavailableError).reason).toBe('timeout');
  });

  it('opens the breaker on a refusal (quota, not subscribed): later calls fail at once until the cooldown, then one trial', async () => {
    const { client, advance, events } = build();
    let calls = 0;
    const refused = async () => {
      calls++;
      throw new OutsideServiceError('429', 'refused');
    };
    await expect(client.call('a', refused)).rejects.toMatchObject({ reason: 'failed' });
    // Not retried.
    expect(calls).toBe(1);
    expect(client.breakerState()).toBe('open');
    await expect(client.call('b', async () => 'never')).rejects.toMatchObject({ reason: 'breaker-open' });
    expect(events).toContain('breaker-open');
    advance(10_000);
    expect(await client.call('c', async () => 'back')).toBe('back');
    expect(client.breakerState()).toBe('closed');
  });

  it('opens the breaker after the threshold of failed calls in a row', async () => {
    const { client } = build({ retries: 0 });
    const fail = async () => {
      throw new OutsideServiceError('bad answer', 'invalid');
    };
    await expect(client.call('a', fail)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(client.breakerState()).toBe('closed');
    await expect(client.call('b', fail)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(client.breakerState()).toBe('open');
  });

  it('starts nothing once the app is stopping', async () => {
    const stopping = new AbortController();
    stopping.abort();
    const { client } = build({ stopping: stopping.signal });
    await expect(client.call('k', async () => 'v')).rejects.toMatchObject({ reason: 'shutdown' });
  });
});
