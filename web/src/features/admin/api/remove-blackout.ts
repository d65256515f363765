import { adminRoutes } from '@gowild/contract/routes/admin';
import { type AdminBlackoutsResult } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

/** DELETE /api/admin/blackouts/{date} (audited). */
export async function removeBlackout(date: string): Promise<AdminBlackoutsResult> {
  return callApi(adminRoutes.removeBlackout, {
    params: { date },
    action: 'remove the blackout date',
    defaultMessage: 'Failed to remove the blackout date',
    prefer: 'error',
  });
}

export function useRemoveBlackout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeBlackout, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
