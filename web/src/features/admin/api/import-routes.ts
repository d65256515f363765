import { type AdminRoutesResult, adminRoutesResponseSchema } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** PUT /api/admin/routes: replaces the network with the routes given (audited). */
export async function importRoutes(routes: { origin: string; destination: string }[]): Promise<AdminRoutesResult> {
  const body = await apiRequest<unknown>('/admin/routes', {
    method: 'PUT',
    body: { routes },
    action: 'import the routes',
    defaultMessage: 'Failed to import the routes',
    prefer: 'error',
  });
  return adminRoutesResponseSchema.parse(body);
}

export function useImportRoutes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importRoutes, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
