import { authRoutes } from '@gowild/contract/routes/auth';
import type { User } from '@gowild/contract/auth';
import { AUTH_MESSAGES } from '@gowild/contract/auth';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';
import { verifyTokenBody } from './verify-token-request';

export interface VerifyTokenResult {
  valid: boolean;
  user?: User;
  error?: string;
}

/**
 * POST /auth/verify-token { token } → { valid, user?, error? }. A failed answer is an invalid token with the server's
 * text or 'Token verification failed' (docs/product/accounts-and-plans.md#sessions); a 401 here is an answer, not a
 * redirect. No answer at all (no network) throws the ApiError with status 0: that is no verdict, and the app opened
 * offline keeps its session (docs/product/offline.md).
 */
export async function verifyToken(token: string): Promise<VerifyTokenResult> {
  if (!token) return { valid: false, error: AUTH_MESSAGES.noToken };
  try {
    // The boot script's early check (VERIFY_TOKEN_PATH) asks the same path with the same body, so this call takes it.
    return await callApi(authRoutes.verifyToken, {
      body: verifyTokenBody(token),
      action: 'verify your session',
      defaultMessage: AUTH_MESSAGES.tokenVerificationFailed,
      prefer: 'error',
      redirectOnUnauthorized: false,
    });
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) throw e;
    return { valid: false, error: e instanceof ApiError && e.status > 0 ? e.message : AUTH_MESSAGES.tokenVerificationFailed };
  }
}
