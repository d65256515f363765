import { authRoutes } from '@gowild/contract/routes/auth';
import type { User } from '@gowild/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useAuthStore } from '@/lib/auth/auth-context';
import type { RegisterInput } from '@/lib/auth/auth-store';

/** POST /auth/register → { token, user }. Confirm password is never part of the body. */
export function register(input: RegisterInput): Promise<{ token: string; user: User }> {
  return callApi(authRoutes.register, {
    body: input,
    action: 'register',
    defaultMessage: 'Registration failed',
    prefer: 'error',
  });
}

/** Registers through the auth store (token stored, welcome modal shown). */
export function useRegister() {
  const store = useAuthStore();
  return useMutation({ mutationFn: (input: RegisterInput) => store.register(input) });
}
