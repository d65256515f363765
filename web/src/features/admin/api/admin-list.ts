import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';

/** What every admin list takes: a page of a fixed snapshot, plus its own filters (docs/product/admin.md#lists). */
export interface AdminListParams {
  page: number;
  limit: number;
  /** The snapshot the list's first page was read at. */
  asOf?: string;
}

type AdminList = 'users' | 'notifications' | 'searches' | 'audit';

/**
 * One admin list's call and query: GET /api/admin/{list} with the page, the snapshot and the filters, its answer
 * checked against `schema`, the list's own error text, and the previous page kept on screen while the next loads.
 */
export function adminListQuery<Params extends AdminListParams, Page>(list: AdminList, schema: z.ZodType<Page>, action: string) {
  async function get(params: Params, signal?: AbortSignal): Promise<Page> {
    const { asOf, ...rest } = params;
    const body = await apiRequest<unknown>(`/admin/${list}`, {
      query: { ...rest, as_of: asOf },
      action,
      defaultMessage: ADMIN_FETCH_ERRORS[list],
      prefer: 'error',
      signal,
    });
    return schema.parse(body);
  }
  const options = (params: Params) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, list, params],
      queryFn: ({ signal }) => get(params, signal),
      placeholderData: keepPreviousData,
    });
  return { get, options, useList: (params: Params) => useQuery(options(params)) };
}
