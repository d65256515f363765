import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, AUTH_TOKEN_KEY, apiRequest, apiStream, setUnauthorizedHandler } from '@/lib/api-client';
import { readNdjson } from '@/lib/ndjson';
import { startEarlyFetch } from '@/lib/early-fetch';
import { mockAnyApi, mockApi, reply, resetTestState } from '@/test/test-utils';

describe('api client', () => {
  const onUnauthorized = vi.fn();
  let restore: () => void;
  beforeEach(() => {
    onUnauthorized.mockReset();
    const previous = setUnauthorizedHandler(onUnauthorized);
    restore = () => setUnauthorizedHandler(previous);
  });
  afterEach(() => {
    restore();
    resetTestState();
  });

  it('calls /api with the stored bearer token and returns the body on 2xx', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    const api = mockAnyApi({ 'POST /api/things': (c) => ({ got: c.body }) });
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 }, action: 'save things' })).resolves.toEqual({ got: { a: 1 } });
    expect(api.calls[0]?.headers.authorization).toBe('Bearer abc');
    expect(api.calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends no authorization header without a token and encodes the query', async () => {
    const api = mockAnyApi({ 'GET /api/flights/search': () => ({}) });
    await apiRequest('/flights/search', {
      query: { origin: 'CITY:NYC', date: '2025-07-01', destination: undefined },
      action: 'search flights',
    });
    expect(api.calls[0]?.headers.authorization).toBeUndefined();
    expect(api.calls[0]?.url).toBe('/api/flights/search?origin=CITY%3ANYC&date=2025-07-01');
  });

  it('takes a search the boot script started for the same address instead of asking again (decision 282)', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    const api = mockAnyApi({ 'GET /api/flights/search/stream': () => ({ type: 'summary' }) });
    startEarlyFetch({ url: '/api/flights/search/stream?origin=DEN&date=2025-07-01', accept: 'application/x-ndjson' }, 'abc');
    expect(api.calls).toHaveLength(1);
    const response = await apiStream('/flights/search/stream', { query: { origin: 'DEN', date: '2025-07-01' }, action: 'search flights' });
    expect(response.ok).toBe(true);
    expect(api.calls).toHaveLength(1);
    // Taken once: the next search asks the server.
    await apiStream('/flights/search/stream', { query: { origin: 'DEN', date: '2025-07-01' }, action: 'search flights' });
    expect(api.calls).toHaveLength(2);
  });

  it('takes the session check the boot script started, by its path and exact body (decision 282)', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    const api = mockAnyApi({ 'POST /api/auth/verify-token': () => ({ valid: false }) });
    startEarlyFetch(
      { url: '/api/auth/verify-token', method: 'POST', accept: 'application/json', body: JSON.stringify({ token: 'abc' }) },
      'abc',
    );
    expect(api.calls).toHaveLength(1);
    // Another body is another request: asked of the server.
    await apiRequest('/auth/verify-token', { method: 'POST', body: { token: 'other' }, action: 'verify your session' });
    expect(api.calls).toHaveLength(2);
    await apiRequest('/auth/verify-token', { method: 'POST', body: { token: 'abc' }, action: 'verify your session' });
    expect(api.calls).toHaveLength(2);
  });

  it('a 401 on another path clears the token and ends the session', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    mockApi({
      'GET /api/auth/search-usage': () => reply(401, { error: 'Session expired', message: 'Session expired', code: 'UNAUTHORIZED' }),
    });
    await expect(apiRequest('/auth/search-usage', { action: 'get search usage' })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("a visitor's 401 (no token sent) is an answer: nothing is cleared and nobody is sent to sign in", async () => {
    mockApi({
      'GET /api/flights/price-history': () =>
        reply(401, { error: 'Authentication required', message: 'Authentication required', code: 'UNAUTHORIZED' }),
    });
    await expect(apiRequest('/flights/price-history', { action: 'get price history' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each(['/auth/login', '/auth/register'])('a 401 on %s keeps the token and stays put', async (path) => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    mockApi({
      [`POST /api${path}`]: () =>
        reply(401, { error: 'Invalid email or password', message: 'Invalid email or password', code: 'UNAUTHORIZED' }),
    });
    await expect(apiRequest(path, { method: 'POST', action: 'log in' })).rejects.toThrow('Invalid email or password');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('abc');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('takes the text from error or message as the call prefers', async () => {
    mockAnyApi({ 'GET /api/x': () => reply(400, { error: 'from error', message: 'from message', code: 'BAD_REQUEST' }) });
    await expect(apiRequest('/x', { action: 'x', prefer: 'message' })).rejects.toThrow('from message');
    await expect(apiRequest('/x', { action: 'x', prefer: 'error' })).rejects.toThrow('from error');
  });

  it('falls back to the call default, then to "Unable to <action>"', async () => {
    mockAnyApi({ 'GET /api/x': () => reply(500, {}) });
    await expect(apiRequest('/x', { action: 'fetch users', defaultMessage: 'Failed to fetch users' })).rejects.toThrow(
      'Failed to fetch users',
    );
    await expect(apiRequest('/x', { action: 'fetch users' })).rejects.toThrow('Unable to fetch users. Please try again later.');
  });

  it('with no answer at all says "Unable to <action>" with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/x', { action: 'search flights', defaultMessage: 'Failed to search flights' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'Unable to search flights. Please try again later.' });
  });

  it('a fixed message wins over whatever the server said', async () => {
    mockApi({ 'GET /api/airports': () => reply(503, { error: 'down', message: 'down', code: 'X' }) });
    await expect(
      apiRequest('/airports', { action: 'fetch airports', fixedMessage: 'Unable to fetch airports. Please try again later.' }),
    ).rejects.toThrow('Unable to fetch airports. Please try again later.');
  });

  it('streams NDJSON lines, including a last line without a newline', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const enc = new TextEncoder();
        controller.enqueue(enc.encode('{"type":"start"}\n{"type":"dest'));
        controller.enqueue(enc.encode('ination","code":"DEN"}\n{"type":"summary"}'));
        controller.close();
      },
    });
    mockApi({ 'GET /api/flights/search': () => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }) });
    const response = await apiStream('/flights/search', { action: 'search flights' });
    const events: unknown[] = [];
    for await (const e of readNdjson(response)) events.push(e);
    expect(events).toEqual([{ type: 'start' }, { type: 'destination', code: 'DEN' }, { type: 'summary' }]);
  });

  it('a failed stream rejects with the same error rule', async () => {
    mockApi({
      'GET /api/flights/search': () =>
        reply(429, { error: 'Daily search limit reached.', message: 'Daily search limit reached.', code: 'QUOTA_EXCEEDED' }),
    });
    await expect(apiStream('/flights/search', { action: 'search flights', prefer: 'message' })).rejects.toMatchObject({
      status: 429,
      code: 'QUOTA_EXCEEDED',
    });
  });
});
