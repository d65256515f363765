import { referenceRoutes } from '@gowild/contract/routes/reference';
import { type Route } from '@gowild/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';

/** The texts of docs/product/maps.md#route-map-page. */
export const ROUTES_MESSAGES = {
  title: 'Error Loading Routes',
  noAnswer: 'Failed to fetch routes data',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  fallback: 'Failed to load routes',
} as const;

/**
 * GET /api/routes (premium): the directed network. A failure carries the server's text, 'HTTP error! status: N' when
 * the answer had none, or 'Failed to fetch routes data' when no answer came.
 */
export async function getRoutes(signal?: AbortSignal): Promise<Route[]> {
  try {
    // An empty default lets a text-less answer be told apart from one that had its own.
    const body = await callApi(referenceRoutes.routeNetwork, {
      action: 'fetch routes',
      defaultMessage: '',
      signal,
      unreadable: ROUTES_MESSAGES.fallback,
    });
    return body.routes;
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) throw new ApiError(ROUTES_MESSAGES.noAnswer, 0);
    if (e instanceof ApiError && !e.message) throw new ApiError(ROUTES_MESSAGES.httpError(e.status), e.status, e.code, e.body);
    throw e;
  }
}

export const routesQueryOptions = () =>
  queryOptions({ queryKey: ['routes'], queryFn: ({ signal }) => getRoutes(signal), staleTime: 10 * 60 * 1000, retry: false });

export function useRoutes() {
  return useQuery(routesQueryOptions());
}
