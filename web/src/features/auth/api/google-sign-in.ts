import { authRoutes } from '@gowild/contract/routes/auth';
import type { User } from '@gowild/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useAuthStore } from '@/lib/auth/auth-context';

/** POST /auth/google { token: the Google ID credential } → { token, user }. 503 when Google is not configured. */
export function googleSignIn(credential: string): Promise<{ token: string; user: User }> {
  return callApi(authRoutes.google, {
    body: { token: credential },
    action: 'sign in with Google',
    defaultMessage: 'Google authentication failed',
    prefer: 'error',
  });
}

export function useGoogleSignIn() {
  const store = useAuthStore();
  return useMutation({ mutationFn: (credential: string) => store.googleSignIn(credential) });
}
