import { adminRoutes } from '@gowild/contract/routes/admin';
import { type AdminRoutesResult } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

/** POST /api/admin/routes/refresh: the airline's network, previewed (`dryRun`) or applied (audited). */
export async function refreshRoutes(input: { dryRun: boolean }): Promise<AdminRoutesResult> {
  return callApi(adminRoutes.refreshRoutes, {
    body: { dry_run: input.dryRun },
    action: 'refresh the routes',
    defaultMessage: 'Failed to refresh the routes',
    prefer: 'error',
  });
}

export function useRefreshRoutes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refreshRoutes, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
