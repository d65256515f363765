import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { googleSignIn } from '@/features/auth/api/google-sign-in';
import { login } from '@/features/auth/api/login';
import { logout } from '@/features/auth/api/logout';
import { register } from '@/features/auth/api/register';
import { updateProfile } from '@/features/auth/api/update-profile';
import { verifyToken } from '@/features/auth/api/verify-token';
import { ApiError } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-context';
import { FavouritesProvider } from '@/lib/favourites/favourites-context';
import { type AuthStore, createAuthStore } from '@/lib/auth/auth-store';

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; a dropped connection might.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The auth store wired to the real endpoints of features/auth/api. */
export function createAppAuthStore(): AuthStore {
  return createAuthStore({ verifyToken, login, register, googleSignIn, logout, updateProfile });
}

/** Providers every page needs: server-state cache, the auth store and the traveller's favourites. Toasts need none (a module store). */
export function AppProvider({ queryClient, authStore, children }: { queryClient: QueryClient; authStore: AuthStore; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={authStore}>
        <FavouritesProvider>{children}</FavouritesProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
