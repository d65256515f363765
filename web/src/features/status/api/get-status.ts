import { STATUS_POLL_MS, type StatusResponse, statusResponseSchema } from '@gowild/contract/status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readAnswer } from '@/lib/api-client';

/** GET /api/status (public); the answer's shape is checked. */
export async function getStatus(signal?: AbortSignal): Promise<StatusResponse> {
  const body = await apiRequest<unknown>('/status', {
    action: 'load the data status',
    defaultMessage: 'The data status could not be loaded.',
    signal,
  });
  return readAnswer(statusResponseSchema, body, 'The data status could not be read.');
}

export const getStatusQueryOptions = () =>
  queryOptions({ queryKey: ['status'], queryFn: ({ signal }) => getStatus(signal), refetchInterval: STATUS_POLL_MS, staleTime: 0 });

/** The page asks again every STATUS_POLL_MS, also while the tab is in the background (it is one small answer). */
export const useStatus = () => useQuery({ ...getStatusQueryOptions(), refetchIntervalInBackground: true });
