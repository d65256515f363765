import { adminRoutes } from '@gowild/contract/routes/admin';
import { type AdminRoutesResult } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

/** PUT /api/admin/routes: replaces the network with the routes given (audited). */
export async function importRoutes(routes: { origin: string; destination: string }[]): Promise<AdminRoutesResult> {
  return callApi(adminRoutes.importRoutes, {
    body: { routes },
    action: 'import the routes',
    defaultMessage: 'Failed to import the routes',
    prefer: 'error',
  });
}

export function useImportRoutes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importRoutes, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
