import { type AdminBlackoutsResult, adminBlackoutsResponseSchema } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** DELETE /api/admin/blackouts/{date} (audited). */
export async function removeBlackout(date: string): Promise<AdminBlackoutsResult> {
  const body = await apiRequest<unknown>(`/admin/blackouts/${encodeURIComponent(date)}`, {
    method: 'DELETE',
    action: 'remove the blackout date',
    defaultMessage: 'Failed to remove the blackout date',
    prefer: 'error',
  });
  return adminBlackoutsResponseSchema.parse(body);
}

export function useRemoveBlackout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeBlackout, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
