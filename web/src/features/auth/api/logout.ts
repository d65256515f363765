import { authRoutes } from '@gowild/contract/routes/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useAuthStore } from '@/lib/auth/auth-context';

/** POST /auth/logout. Its failure is ignored by the store: the token is cleared anyway. */
export function logout(): Promise<unknown> {
  return callApi(authRoutes.logout, { action: 'log out', prefer: 'error', redirectOnUnauthorized: false });
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
