import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/reset-password { token, password }. */
export function resetPassword(input: { token: string; password: string }): Promise<unknown> {
  return apiRequest('/auth/reset-password', {
    method: 'POST',
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
