import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/api-client';
import { apiUrl } from '@/lib/api-url';
import { startEarlyFetch } from '@/lib/early-fetch';
import { buildUser, mockApi, resetTestState } from '@/test/test-utils';
import { verifyToken } from './verify-token';
import { VERIFY_TOKEN_PATH, verifyTokenBody } from './verify-token-request';

describe('the session check', () => {
  afterEach(resetTestState);

  it("takes the boot script's early check (its path and body, decision 282) instead of asking again", async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    const user = buildUser();
    const api = mockApi({ 'POST /api/auth/verify-token': () => ({ valid: true, user }) });
    // As src/early-search.ts starts it.
    const body = JSON.stringify(verifyTokenBody('abc'));
    startEarlyFetch({ url: apiUrl(VERIFY_TOKEN_PATH), method: 'POST', accept: 'application/json', body }, 'abc');
    expect(api.calls).toHaveLength(1);
    await expect(verifyToken('abc')).resolves.toEqual({ valid: true, user });
    expect(api.calls).toHaveLength(1);
  });
});
