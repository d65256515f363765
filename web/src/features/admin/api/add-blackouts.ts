import { adminRoutes } from '@gowild/contract/routes/admin';
import { type AdminBlackoutsResult } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

/** POST /api/admin/blackouts: one date or an inclusive range, with a label (audited). */
export async function addBlackouts(input: { start: string; end?: string; label: string }): Promise<AdminBlackoutsResult> {
  return callApi(adminRoutes.addBlackouts, {
    body: input,
    action: 'add blackout dates',
    defaultMessage: 'Failed to add blackout dates',
    prefer: 'error',
  });
}

export function useAddBlackouts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addBlackouts, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
