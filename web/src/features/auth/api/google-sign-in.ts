import type { User } from '@gowild/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-context';

/** POST /auth/google { token: the Google ID credential } → { token, user }. 503 when Google is not configured. */
export function googleSignIn(credential: string): Promise<{ token: string; user: User }> {
  return apiRequest('/auth/google', {
    method: 'POST',
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
