import { observationsRoutes } from '@gowild/contract/routes/observations';
import { type GridResponse } from '@gowild/contract/observations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export interface DateGridParams {
  /** As searched: an airport, a comma list or CITY:XXX. */
  origin: string;
  from: string;
  days: number;
}

export const DATE_GRID_MESSAGES = {
  failed: 'Unable to load the date grid. Please try again later.',
  unreadable: 'The date grid answer could not be read. Please try again later.',
} as const;

/** GET /api/flights/grid: every destination × date from what the service already fetched (no airline request). */
export async function getDateGrid(params: DateGridParams, signal?: AbortSignal): Promise<GridResponse> {
  return callApi(observationsRoutes.grid, {
    action: 'load the date grid',
    defaultMessage: DATE_GRID_MESSAGES.failed,
    prefer: 'message',
    query: { origin: params.origin, from: params.from, days: params.days },
    signal,
    unreadable: DATE_GRID_MESSAGES.unreadable,
  });
}

export const dateGridQueryOptions = (params: DateGridParams) =>
  queryOptions({
    queryKey: ['date-grid', params.origin, params.from, params.days],
    queryFn: ({ signal }) => getDateGrid(params, signal),
    // Sweeps refresh near dates every few minutes; a minute-old grid is as good as a fresh one.
    staleTime: 60 * 1000,
    retry: false,
  });

export function useDateGrid(params: DateGridParams) {
  return useQuery(dateGridQueryOptions(params));
}
