import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyFetch, takeEarlyFetch } from './early-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response('{}'));
    }),
  );
  return calls;
}

describe('a call started before the app', () => {
  it('is taken once, by the same address and token', async () => {
    const calls = stubFetch();
    startEarlyFetch({ url: '/api/flights/search/stream?origin=DEN', accept: 'application/x-ndjson' }, 'tok');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.headers).toEqual({ accept: 'application/x-ndjson', authorization: 'Bearer tok' });
    expect(calls[0]!.init.method).toBe('GET');
    expect(takeEarlyFetch('/api/flights/search/stream?origin=MCO', 'tok')).toBeUndefined();
    expect(takeEarlyFetch('/api/flights/search/stream?origin=DEN', 'other')).toBeUndefined();
    expect(takeEarlyFetch('/api/flights/search/stream?origin=DEN', null)).toBeUndefined();
    const taken = takeEarlyFetch('/api/flights/search/stream?origin=DEN', 'tok');
    expect(await taken).toBeInstanceOf(Response);
    expect(takeEarlyFetch('/api/flights/search/stream?origin=DEN', 'tok')).toBeUndefined();
  });

  it('keeps several calls apart, a POST matched on its body', async () => {
    const calls = stubFetch();
    startEarlyFetch({ url: '/api/auth/verify-token', method: 'POST', accept: 'application/json', body: '{"token":"tok"}' }, 'tok');
    startEarlyFetch({ url: '/api/flights/search/stream?origin=DEN', accept: 'application/x-ndjson' }, 'tok');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"token":"tok"}' });
    expect(calls[0]!.init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(takeEarlyFetch('/api/auth/verify-token', 'tok')).toBeUndefined();
    expect(takeEarlyFetch('/api/auth/verify-token', 'tok', undefined, { method: 'POST', body: '{"token":"x"}' })).toBeUndefined();
    expect(await takeEarlyFetch('/api/auth/verify-token', 'tok', undefined, { method: 'POST', body: '{"token":"tok"}' })).toBeInstanceOf(
      Response,
    );
    expect(await takeEarlyFetch('/api/flights/search/stream?origin=DEN', 'tok')).toBeInstanceOf(Response);
  });

  it('is cancelled with the app call that took it', () => {
    const calls = stubFetch();
    startEarlyFetch({ url: '/api/x', accept: 'application/json' }, 'tok');
    const app = new AbortController();
    takeEarlyFetch('/api/x', 'tok', app.signal);
    expect(calls[0]!.init.signal!.aborted).toBe(false);
    app.abort();
    expect(calls[0]!.init.signal!.aborted).toBe(true);
  });

  it('is dropped when the app never asks for it', () => {
    vi.useFakeTimers();
    const calls = stubFetch();
    startEarlyFetch({ url: '/api/x', accept: 'application/json' }, 'tok');
    vi.advanceTimersByTime(30_000);
    expect(calls[0]!.init.signal!.aborted).toBe(true);
    expect(takeEarlyFetch('/api/x', 'tok')).toBeUndefined();
  });
});
