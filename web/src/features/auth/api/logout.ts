import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-context';

/** POST /auth/logout. Its failure is ignored by the store: the token is cleared anyway. */
export function logout(): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST', action: 'log out', prefer: 'error', redirectOnUnauthorized: false });
}

/** Logs out and drops every cached answer that belonged to the user. */
export function useLogout() {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => store.logout(),
    onSettled: () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app-config' }),
  });
}
