import { statusRoutes } from '@gowild/contract/routes/status';
import { STATUS_POLL_MS, type StatusResponse } from '@gowild/contract/status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** GET /api/status (public); the answer's shape is checked. */
export async function getStatus(signal?: AbortSignal): Promise<StatusResponse> {
  return callApi(statusRoutes.status, {
    action: 'load the data status',
    defaultMessage: 'The data status could not be loaded.',
    signal,
    unreadable: 'The data status could not be read.',
  });
}

export const getStatusQueryOptions = () =>
  queryOptions({ queryKey: ['status'], queryFn: ({ signal }) => getStatus(signal), refetchInterval: STATUS_POLL_MS, staleTime: 0 });

/** The page asks again every STATUS_POLL_MS, also while the tab is in the background (it is one small answer). */
export const useStatus = () => useQuery({ ...getStatusQueryOptions(), refetchIntervalInBackground: true });
