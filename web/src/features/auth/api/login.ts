import { authRoutes } from '@gowild/contract/routes/auth';
import type { User } from '@gowild/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useAuthStore } from '@/lib/auth/auth-context';
import type { LoginInput } from '@/lib/auth/auth-store';

/** POST /auth/login → { token, user }. */
export function login(input: LoginInput): Promise<{ token: string; user: User }> {
  return callApi(authRoutes.login, { body: input, action: 'log in', defaultMessage: 'Login failed', prefer: 'error' });
}

/** Signs in through the auth store (token stored, welcome modal off). */
export function useLogin() {
  const store = useAuthStore();
  return useMutation({ mutationFn: (input: LoginInput) => store.login(input) });
}
