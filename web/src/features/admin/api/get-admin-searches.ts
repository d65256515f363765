import { type AdminListParams, adminListQuery } from './admin-list';

export interface AdminSearchesParams extends AdminListParams {
  origin?: string;
  type?: string;
  /** YYYY-MM-DD, a UTC day. */
  day?: string;
}

/** GET /api/admin/searches: the search log, by origin, type and day. */
const searches = adminListQuery<AdminSearchesParams, 'searches'>('searches', 'fetch searches');
export const useAdminSearches = searches.useList;
