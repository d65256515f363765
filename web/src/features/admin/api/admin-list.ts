import { adminRoutes } from '@gowild/contract/routes/admin';
import type { SuccessBody } from '@gowild/contract/route';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';

/** What every admin list takes: a page of a fixed snapshot, plus its own filters (docs/product/admin.md#lists). */
export interface AdminListParams {
  page: number;
  limit: number;
  /** The snapshot the list's first page was read at. */
  asOf?: string;
}

type AdminList = 'users' | 'notifications' | 'searches' | 'audit';
/** A list's page as its route table entry answers it. */
type AdminListPage<L extends AdminList> = SuccessBody<(typeof adminRoutes)[L]>;

/**
 * One admin list's call and query: GET /api/admin/{list} (its route table entry) with the page, the snapshot and the
 * filters, its answer read by the entry's schema, the list's own error text, and the previous page kept on screen
 * while the next loads.
 */
export function adminListQuery<Params extends AdminListParams, L extends AdminList>(list: L, action: string) {
  async function get(params: Params, signal?: AbortSignal): Promise<AdminListPage<L>> {
    const { asOf, ...rest } = params;
    // The four entries differ only in their filters and page; `list` ties the answer's type to the one called.
    const spec = adminRoutes[list] as (typeof adminRoutes)[AdminList];
    return callApi(spec, {
      query: { ...rest, as_of: asOf },
      action,
      defaultMessage: ADMIN_FETCH_ERRORS[list],
      prefer: 'error',
      signal,
    }) as Promise<AdminListPage<L>>;
  }
  const options = (params: Params) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, list, params],
      queryFn: ({ signal }) => get(params, signal),
      placeholderData: keepPreviousData,
    });
  return { get, options, useList: (params: Params) => useQuery(options(params)) };
}
