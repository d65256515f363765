import { adminAuditResponseSchema, type AdminAuditPage } from '@gowild/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';

export interface AdminAuditParams {
  page: number;
  limit: number;
  /** The snapshot the list's first page was read at (docs/product/admin.md#lists). */
  asOf?: string;
}

/** GET /api/admin/audit: what operators did, newest first. */
export async function getAdminAudit(params: AdminAuditParams, signal?: AbortSignal): Promise<AdminAuditPage> {
  const { asOf, ...rest } = params;
  const body = await apiRequest<unknown>('/admin/audit', {
    query: { ...rest, as_of: asOf },
    action: 'fetch admin actions',
    defaultMessage: ADMIN_FETCH_ERRORS.audit,
    prefer: 'error',
    signal,
  });
  return adminAuditResponseSchema.parse(body);
}

export const adminAuditQueryOptions = (params: AdminAuditParams) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'audit', params],
    queryFn: ({ signal }) => getAdminAudit(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminAudit(params: AdminAuditParams) {
  return useQuery(adminAuditQueryOptions(params));
}
