import { type AdminBlackoutsResult, adminBlackoutsResponseSchema } from '@gowild/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** POST /api/admin/blackouts: one date or an inclusive range, with a label (audited). */
export async function addBlackouts(input: { start: string; end?: string; label: string }): Promise<AdminBlackoutsResult> {
  const body = await apiRequest<unknown>('/admin/blackouts', {
    method: 'POST',
    body: input,
    action: 'add blackout dates',
    defaultMessage: 'Failed to add blackout dates',
    prefer: 'error',
  });
  return adminBlackoutsResponseSchema.parse(body);
}

export function useAddBlackouts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addBlackouts, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
