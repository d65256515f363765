import { adminRoutes } from '@gowild/contract/routes/admin';
import { type AdminUserAction, type AdminUserActionResult } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

/** POST /api/admin/users/{id}/actions: grant or remove premium or admin, deactivate or reactivate (audited). */
export async function actOnUser(input: { userId: string; action: AdminUserAction }): Promise<AdminUserActionResult> {
  return callApi(adminRoutes.userAction, {
    params: { id: input.userId },
    body: { action: input.action },
    action: 'update the user',
    defaultMessage: 'Failed to update the user',
    prefer: 'error',
  });
}

export function useActOnUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
