import { type AdminUserAction, type AdminUserActionResult, adminUserActionResponseSchema } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** POST /api/admin/users/{id}/actions: grant or remove premium or admin, deactivate or reactivate (audited). */
export async function actOnUser(input: { userId: string; action: AdminUserAction }): Promise<AdminUserActionResult> {
  const body = await apiRequest<unknown>(`/admin/users/${encodeURIComponent(input.userId)}/actions`, {
    method: 'POST',
    body: { action: input.action },
    action: 'update the user',
    defaultMessage: 'Failed to update the user',
    prefer: 'error',
  });
  return adminUserActionResponseSchema.parse(body);
}

export function useActOnUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
