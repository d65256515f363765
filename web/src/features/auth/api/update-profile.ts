import { authRoutes } from '@gowild/contract/routes/auth';
import type { User } from '@gowild/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useAuthStore } from '@/lib/auth/auth-context';
import type { ProfileInput } from '@/lib/auth/auth-store';

/** PUT /auth/profile with the changed fields → { user }. */
export function updateProfile(input: ProfileInput): Promise<{ user: User }> {
  return callApi(authRoutes.updateProfile, {
    body: input,
    action: 'update your profile',
    defaultMessage: 'Failed to update profile',
    prefer: 'error',
  });
}

/** Saves through the auth store, which replaces the user with the server's answer. */
export function useUpdateProfile() {
  const store = useAuthStore();
  return useMutation({ mutationFn: (input: ProfileInput) => store.updateProfile(input) });
}
