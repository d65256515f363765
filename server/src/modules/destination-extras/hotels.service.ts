import { addDays, daysBetween, isoDateSchema } from '@gowild/contract/dates';
import { HOTEL_LIMITS, HOTEL_MESSAGES, HOTEL_SORTS, type Hotel, type HotelSearchResponse, type HotelSort } from '@gowild/contract/extras';
import { localDate } from '@gowild/contract/local-time';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound, serviceUnavailable } from '../../lib/http-error';
import { findAirport } from '../../lib/reference-data/airports';
import { type ServiceClient, ServiceUnavailableError } from '../../lib/upstream/service-client';
import type { HotelPage, HotelPlace, HotelProvider } from '../../providers/hotels/hotels.provider';

/** The query as it arrives: every field optional text, read by the rules below. */
export interface HotelSearchRequest {
  checkin_date?: string;
  checkout_date?: string;
  adults?: string;
  rooms?: string;
  page?: string;
  per_page?: string;
  sort_by?: string;
}

/** Longest stay searched (the partner's own limit). */
const MAX_NIGHTS = 30;
/** Beyond any real list: a page past it is not asked for. */
const MAX_PAGE = 1000;

/** A whole number clamped into [min, max]; anything that is not a number takes the default. */
export function clampInt(raw: string | undefined, min: number, max: number, fallback: number): number {
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/**
 * Hotels near a destination airport (docs/product/destination-extras.md#hotel-search-rules): the clamps and defaults,
 * then the provider's pages that cover the asked page, each through the outside-service client (cached per query).
 */
export function createHotelsService(deps: { provider: HotelProvider; client: ServiceClient; clock: Clock }) {
  const { provider, client, clock } = deps;

  function readDate(raw: string | undefined): string | undefined {
    const v = raw?.trim();
    if (!v) return undefined;
    if (!isoDateSchema.safeParse(v).success) throw badRequest(HOTEL_MESSAGES.badDate);
    return v;
  }

  async function providerPage(
    place: HotelPlace,
    q: Omit<Parameters<HotelProvider['search']>[1], 'page'>,
    page: number,
  ): Promise<HotelPage> {
    const key = ['hotels', place.code, q.checkin, q.checkout, q.adults, q.rooms, q.sort, page].join('|');
    try {
      return await client.call(key, (signal) => provider.search(place, { ...q, page }, signal));
    } catch (err) {
      if (err instanceof ServiceUnavailableError) throw serviceUnavailable(HOTEL_MESSAGES.unavailable);
      throw err;
    }
  }

  return {
    demo: provider.demo,
    async search(rawCode: string, req: HotelSearchRequest): Promise<HotelSearchResponse> {
      const code = rawCode.trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(code)) throw badRequest(HOTEL_MESSAGES.badAirportCode);
      const checkinAsked = readDate(req.checkin_date);
      const checkoutAsked = readDate(req.checkout_date);
      const sortRaw = req.sort_by?.trim().toLowerCase() || 'auto';
      if (!(HOTEL_SORTS as readonly string[]).includes(sortRaw)) throw badRequest(HOTEL_MESSAGES.badSort);
      const sort = sortRaw as HotelSort;
      const adults = clampInt(req.adults, HOTEL_LIMITS.adults.min, HOTEL_LIMITS.adults.max, HOTEL_LIMITS.adults.default);
      const rooms = clampInt(req.rooms, HOTEL_LIMITS.rooms.min, HOTEL_LIMITS.rooms.max, HOTEL_LIMITS.rooms.default);
      const page = clampInt(req.page, 1, MAX_PAGE, 1);
      const perPage = clampInt(req.per_page, HOTEL_LIMITS.perPage.min, HOTEL_LIMITS.perPage.max, HOTEL_LIMITS.perPage.default);

      const airport = findAirport(code);
      if (!airport) throw notFound(HOTEL_MESSAGES.notFound(code));
      const today = localDate(clock.now(), airport.timezone);
      const checkin = checkinAsked ?? addDays(today, 1);
      const checkout = checkoutAsked ?? addDays(checkin, 1);
      if (checkin < today) throw badRequest(HOTEL_MESSAGES.checkinPast);
      if (checkout <= checkin) throw badRequest(HOTEL_MESSAGES.checkoutAfterCheckin);
      const nights = daysBetween(checkin, checkout);
      if (nights > MAX_NIGHTS) throw badRequest(HOTEL_MESSAGES.tooLong);

      const place: HotelPlace = {
        code,
        name: airport.name,
        city: airport.city,
        countryCode: airport.countryCode,
        lat: airport.lat,
        lng: airport.lng,
      };
      const q = { checkin, checkout, nights, adults, rooms, sort };
      // The asked page, in the provider's pages: [from, to) over the whole list.
      const from = (page - 1) * perPage;
      const to = from + perPage;
      const firstPage = Math.floor(from / provider.pageSize) + 1;
      const lastPage = Math.floor((to - 1) / provider.pageSize) + 1;
      const first = await providerPage(place, q, firstPage);
      if (first.total === 0 && firstPage === 1) throw notFound(HOTEL_MESSAGES.notFound(code));
      const pages = [first];
      for (let p = firstPage + 1; p <= lastPage && (p - 1) * provider.pageSize < first.total; p++)
        pages.push(await providerPage(place, q, p));
      const offset = from - (firstPage - 1) * provider.pageSize;
      const properties: Hotel[] = pages.flatMap((p) => p.hotels).slice(offset, offset + perPage);
      const total = Math.max(first.total, from + properties.length);
      return {
        success: true,
        properties,
        message: properties.length > 0 ? `Found ${total} hotels near ${code}` : HOTEL_MESSAGES.emptySearch,
        pagination: { page, per_page: perPage, total_properties: total, total_pages: Math.ceil(total / perPage) },
        search: { airport_code: code, checkin_date: checkin, checkout_date: checkout, nights, adults, rooms, sort_by: sort },
        demo: provider.demo,
        provider: provider.supplier,
      };
    },
  };
}
export type HotelsService = ReturnType<typeof createHotelsService>;
