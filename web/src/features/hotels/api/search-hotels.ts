import { extrasRoutes } from '@gowild/contract/routes/extras';
import { HOTEL_MESSAGES, type HotelSearchResponse, type HotelSort } from '@gowild/contract/extras';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';

export interface HotelSearchParams {
  checkin: string;
  checkout: string;
  adults: number;
  rooms: number;
  sort: HotelSort;
  page: number;
  perPage: number;
}

/** GET /api/hotels/search/airport/{code} (docs/product/destination-extras.md#hotels-api); the answer's shape is checked. */
export async function searchHotels(code: string, p: HotelSearchParams, signal?: AbortSignal): Promise<HotelSearchResponse> {
  try {
    return await callApi(extrasRoutes.hotels, {
      params: { airportCode: code },
      action: 'search hotels',
      defaultMessage: HOTEL_MESSAGES.failed,
      prefer: 'message',
      query: {
        checkin_date: p.checkin,
        checkout_date: p.checkout,
        adults: String(p.adults),
        rooms: String(p.rooms),
        sort_by: p.sort,
        page: String(p.page),
        per_page: String(p.perPage),
      },
      signal,
      unreadable: HOTEL_MESSAGES.failed,
    });
  } catch (e) {
    // A 400 without a text of its own reads as the client's fallback.
    if (e instanceof ApiError && e.status === 400 && e.message === HOTEL_MESSAGES.failed)
      throw new ApiError(HOTEL_MESSAGES.invalidParams, 400, e.code, e.body);
    throw e;
  }
}

export const searchHotelsQueryOptions = (code: string, p: HotelSearchParams) =>
  queryOptions({
    queryKey: ['hotels', code, p],
    queryFn: ({ signal }) => searchHotels(code, p, signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

/** Keeps the list shown while a changed search loads ('Updating...'). */
export function useSearchHotels(code: string, p: HotelSearchParams, enabled = true) {
  return useQuery({ ...searchHotelsQueryOptions(code, p), enabled, placeholderData: keepPreviousData });
}
