import { authRoutes } from '@gowild/contract/routes/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** POST /auth/reset-password { token, password }. */
export function resetPassword(input: { token: string; password: string }): Promise<unknown> {
  return callApi(authRoutes.resetPassword, {
    body: input,
    action: 'reset your password',
    defaultMessage: 'Failed to reset password',
    prefer: 'error',
    redirectOnUnauthorized: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
