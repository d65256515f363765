import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { authRoutes } from '@gowild/contract/routes/auth';
import { statusRoutes } from '@gowild/contract/routes/status';
import { afterEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';
import { mockAnyApi, mockApi, reply, resetTestState } from '@/test/test-utils';

describe('callApi (decision 302)', () => {
  afterEach(resetTestState);

  it("asks the entry's method and path, each :name filled and encoded, and returns the answer its schema reads", async () => {
    const api = mockAnyApi({ 'DELETE /api/notifications/a%2Fb': () => ({ message: 'Deleted', extra: 1 }) });
    await expect(callApi(alertsRoutes.remove, { params: { id: 'a/b' }, action: 'delete notification' })).resolves.toEqual({
      message: 'Deleted',
    });
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/notifications/a%2Fb']);
  });

  it('sends the query and the body as apiRequest does', async () => {
    const api = mockApi({
      'GET /api/notifications': () => ({ notifications: [] }),
      'POST /api/auth/forgot-password': () => ({ success: true, message: 'Sent' }),
    });
    await callApi(alertsRoutes.list, { query: { include_completed: 'true' }, action: 'fetch notifications' });
    await callApi(authRoutes.forgotPassword, { body: { email: 'ada@example.com' }, action: 'request a password reset' });
    expect(api.calls[0]?.url).toBe('/api/notifications?include_completed=true');
    expect(api.calls[1]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("fails a 2xx answer that does not fit with the `unreadable` text (status 200), else with the schema's own error", async () => {
    mockAnyApi({ 'GET /api/status': () => ({ nothing: true }) });
    const unreadable = 'The data status could not be read.';
    await expect(callApi(statusRoutes.status, { action: 'load the data status', unreadable })).rejects.toEqual(
      new ApiError(unreadable, 200),
    );
    await expect(callApi(statusRoutes.status, { action: 'load the data status' })).rejects.toBeInstanceOf(ZodError);
  });

  it("keeps apiRequest's error texts for a refusal", async () => {
    mockApi({ 'GET /api/notifications': () => reply(403, { error: 'Premium only', message: 'Forbidden', code: 'FORBIDDEN' }) });
    await expect(callApi(alertsRoutes.list, { action: 'fetch notifications', prefer: 'error' })).rejects.toMatchObject({
      message: 'Premium only',
      status: 403,
      code: 'FORBIDDEN',
    });
  });
});
