import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/forgot-password { email }. The answer is the same for known and unknown addresses. */
export function forgotPassword(email: string): Promise<unknown> {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    body: { email },
    action: 'request a password reset',
    defaultMessage: 'Failed to request password reset',
    prefer: 'error',
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
