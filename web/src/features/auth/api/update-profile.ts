import type { User } from '@gowild/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-context';
import type { ProfileInput } from '@/lib/auth/auth-store';

/** PUT /auth/profile with the changed fields → { user }. */
export function updateProfile(input: ProfileInput): Promise<{ user: User }> {
  return apiRequest('/auth/profile', {
    method: 'PUT',
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
