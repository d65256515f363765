import { authRoutes } from '@gowild/contract/routes/auth';
import { AUTH_MESSAGES } from '@gowild/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export interface VerifyResetTokenResult {
  valid: boolean;
  user_name?: string;
}

/** POST /auth/verify-reset-token { token } → { valid, user_name }. */
export function verifyResetToken(token: string): Promise<VerifyResetTokenResult> {
  return callApi(authRoutes.verifyResetToken, {
    body: { token },
    action: 'check your reset link',
    defaultMessage: AUTH_MESSAGES.invalidResetToken,
    prefer: 'error',
    redirectOnUnauthorized: false,
  });
}

export const verifyResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-reset-token', token],
    queryFn: () => verifyResetToken(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyResetToken(token: string | null) {
  return useQuery({ ...verifyResetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
}
