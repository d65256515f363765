import { HOTEL_MESSAGES, type HotelSearchResponse, type HotelSort, hotelSearchResponseSchema } from '@gowild/contract/extras';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, readAnswer } from '@/lib/api-client';

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
  let body: unknown;
  try {
    body = await apiRequest<unknown>(`/hotels/search/airport/${encodeURIComponent(code)}`, {
      action: 'search hotels',
      defaultMessage: HOTEL_MESSAGES.failed,
      prefer: 'message',
      query: {
        checkin_date: p.checkin,
        checkout_date: p.checkout,
        adults: p.adults,
        rooms: p.rooms,
        sort_by: p.sort,
        page: p.page,
        per_page: p.perPage,
      },
      signal,
    });
  } catch (e) {
    // A 400 without a text of its own reads as the client's fallback.
    if (e instanceof ApiError && e.status === 400 && e.message === HOTEL_MESSAGES.failed)
      throw new ApiError(HOTEL_MESSAGES.invalidParams, 400, e.code, e.body);
    throw e;
  }
  return readAnswer(hotelSearchResponseSchema, body, HOTEL_MESSAGES.failed);
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
