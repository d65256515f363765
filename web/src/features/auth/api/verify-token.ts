import type { User } from '@gowild/contract/auth';
import { AUTH_MESSAGES } from '@gowild/contract/auth';
import { ApiError, apiRequest } from '@/lib/api-client';

export interface VerifyTokenResult {
  valid: boolean;
  user?: User;
  error?: string;
}

/**
 * POST /auth/verify-token { token } → { valid, user?, error? }. Never throws: a failure is an invalid token with
 * the server's text or 'Token verification failed' (docs/product/accounts-and-plans.md#sessions). A 401 here is an answer, not a redirect.
 */
export async function verifyToken(token: string): Promise<VerifyTokenResult> {
  if (!token) return { valid: false, error: AUTH_MESSAGES.noToken };
  try {
    return await apiRequest<VerifyTokenResult>('/auth/verify-token', {
      method: 'POST',
      body: { token },
      action: 'verify your session',
      defaultMessage: AUTH_MESSAGES.tokenVerificationFailed,
      prefer: 'error',
      redirectOnUnauthorized: false,
    });
  } catch (e) {
    return { valid: false, error: e instanceof ApiError && e.status > 0 ? e.message : AUTH_MESSAGES.tokenVerificationFailed };
  }
}
