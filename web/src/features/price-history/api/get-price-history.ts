import { observationsRoutes } from '@gowild/contract/routes/observations';
import { type PriceHistoryResponse } from '@gowild/contract/observations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export interface RouteDate {
  /** As searched: an airport, a comma list or CITY:XXX. */
  origin: string;
  destination: string;
  date: string;
}

export const PRICE_HISTORY_MESSAGES = {
  failed: 'Price history is unavailable right now.',
} as const;

/** GET /api/flights/price-history: one route's Standard and Discount Den fares for one date, as observed over time. */
export async function getPriceHistory(route: RouteDate, signal?: AbortSignal): Promise<PriceHistoryResponse> {
  return callApi(observationsRoutes.priceHistory, {
    action: 'load the price history',
    defaultMessage: PRICE_HISTORY_MESSAGES.failed,
    prefer: 'message',
    query: { origin: route.origin, destination: route.destination, date: route.date },
    signal,
    unreadable: PRICE_HISTORY_MESSAGES.failed,
  });
}

export const priceHistoryQueryOptions = (route: RouteDate) =>
  queryOptions({
    queryKey: ['price-history', route.origin, route.destination, route.date],
    queryFn: ({ signal }) => getPriceHistory(route, signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export function usePriceHistory(route: RouteDate) {
  return useQuery(priceHistoryQueryOptions(route));
}
