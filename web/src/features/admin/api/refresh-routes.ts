import { type AdminRoutesResult, adminRoutesResponseSchema } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** POST /api/admin/routes/refresh: the airline's network, previewed (`dryRun`) or applied (audited). */
export async function refreshRoutes(input: { dryRun: boolean }): Promise<AdminRoutesResult> {
  const body = await apiRequest<unknown>('/admin/routes/refresh', {
    method: 'POST',
    body: { dry_run: input.dryRun },
    action: 'refresh the routes',
    defaultMessage: 'Failed to refresh the routes',
    prefer: 'error',
  });
  return adminRoutesResponseSchema.parse(body);
}

export function useRefreshRoutes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refreshRoutes, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
