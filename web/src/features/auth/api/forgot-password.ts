import { authRoutes } from '@gowild/contract/routes/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** POST /auth/forgot-password { email }. The answer is the same for known and unknown addresses. */
export function forgotPassword(email: string): Promise<unknown> {
  return callApi(authRoutes.forgotPassword, {
    body: { email },
    action: 'request a password reset',
    defaultMessage: 'Failed to request password reset',
    prefer: 'error',
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
