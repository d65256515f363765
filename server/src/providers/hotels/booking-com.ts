import { distanceMiles } from '@gowild/contract/distance';
import { HOTEL_LIMITS, type Hotel, type HotelSort } from '@gowild/contract/extras';
import { z } from 'zod';
import { OutsideServiceError } from '../../lib/upstream/service-client';
import { type RapidApiOptions, rapidApiGet } from '../rapidapi/rapidapi';
import type { HotelPage, HotelPlace, HotelProvider, HotelQuery } from './hotels.provider';

/** Booking.com's sort ids for ours (its /getSortBy list). */
const SORT_IDS: Record<HotelSort, string> = {
  auto: 'popularity',
  price: 'price',
  rating: 'review_score',
  distance: 'distance',
};

const num = z.number().nullish();
const money = z.object({ value: z.number().nullish(), currency: z.string().nullish() }).nullish();

const destinationsSchema = z.object({
  data: z.array(
    z.object({
      dest_id: z.union([z.string(), z.number()]),
      search_type: z.string(),
      dest_type: z.string().nullish(),
      name: z.string().nullish(),
      latitude: num,
      longitude: num,
      nr_hotels: num,
    }),
  ),
});

const searchHotelsSchema = z.object({
  data: z.object({
    hotels: z.array(
      z.object({
        hotel_id: z.union([z.string(), z.number()]).nullish(),
        property: z.object({
          id: z.union([z.string(), z.number()]).nullish(),
          name: z.string(),
          latitude: num,
          longitude: num,
          photoUrls: z.array(z.string()).nullish(),
          reviewScore: num,
          reviewScoreWord: z.string().nullish(),
          reviewCount: num,
          accuratePropertyClass: num,
          propertyClass: num,
          priceBreakdown: z.object({ grossPrice: money, strikethroughPrice: money, excludedPrice: money }).nullish(),
        }),
      }),
    ),
    meta: z.array(z.object({ title: z.string().nullish() })).nullish(),
  }),
});

const byCoordinatesSchema = z.object({
  data: z.object({
    result: z.array(
      z.object({
        hotel_id: z.union([z.string(), z.number()]),
        hotel_name: z.string(),
        latitude: num,
        longitude: num,
        review_score: num,
        review_score_word: z.string().nullish(),
        review_nr: num,
        class: num,
        main_photo_url: z.string().nullish(),
        url: z.string().nullish(),
        composite_price_breakdown: z.object({ gross_amount: money, strikethrough_amount: money }).nullish(),
      }),
    ),
    count: num,
  }),
});

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new OutsideServiceError(
      `unexpected Booking.com ${what} answer: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      'invalid',
    );
  return parsed.data;
}

/** '1,234 properties' → 1234. */
export function readPropertyCount(title: string | null | undefined): number | undefined {
  const m = title?.replace(/,/g, '').match(/(\d+)/);
  return m ? Number(m[1]) : undefined;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** The stay's total over its nights; a missing total stays missing, a non-positive one is passed on. */
const perNight = (total: number | null | undefined, nights: number) => (total == null ? null : round2(total / Math.max(1, nights)));
/** The property class, capped at 5; 0 (unrated) is none. */
const stars = (...classes: (number | null | undefined)[]) => {
  const c = classes.find((v) => v != null && v > 0);
  return c == null ? null : Math.min(HOTEL_LIMITS.maxStars, Math.round(c));
};
const distance = (place: HotelPlace, lat: number | null | undefined, lng: number | null | undefined) =>
  lat == null || lng == null ? null : Math.round(distanceMiles(place, { lat, lng }) * 10) / 10;
/** The 60 px thumbnails, as 500 px pictures. */
const largePhoto = (url: string) => url.replace('square60', 'square500');
const hotelUrl = (id: string, query: HotelQuery) =>
  `https://www.booking.com/hotel.html?hotel_id=${encodeURIComponent(id)}&checkin=${query.checkin}&checkout=${query.checkout}&group_adults=${query.adults}&no_rooms=${query.rooms}`;

/** One hotel of the destination search. */
function hotelFromSearch(
  { hotel_id, property: p }: z.infer<typeof searchHotelsSchema>['data']['hotels'][number],
  place: HotelPlace,
  query: HotelQuery,
): Hotel {
  const id = String(hotel_id ?? p.id ?? p.name);
  const gross = p.priceBreakdown?.grossPrice;
  return {
    id,
    name: p.name,
    url: hotelUrl(id, query),
    pictures: (p.photoUrls ?? []).map(largePhoto),
    star_rating: stars(p.accuratePropertyClass, p.propertyClass),
    distance_from_center: distance(place, p.latitude, p.longitude),
    bed_count: null,
    price: {
      final_price: perNight(gross?.value, query.nights),
      original_price: perNight(p.priceBreakdown?.strikethroughPrice?.value, query.nights),
      currency: gross?.currency ?? 'USD',
    },
    score: p.reviewScore ?? null,
    score_word: p.reviewScoreWord ?? null,
    review_count: p.reviewCount ?? null,
    amenities: [],
  };
}

/** One hotel of the search by coordinates. */
function hotelFromCoordinates(
  r: z.infer<typeof byCoordinatesSchema>['data']['result'][number],
  place: HotelPlace,
  query: HotelQuery,
): Hotel {
  const id = String(r.hotel_id);
  const gross = r.composite_price_breakdown?.gross_amount;
  return {
    id,
    name: r.hotel_name,
    url: r.url ?? hotelUrl(id, query),
    pictures: r.main_photo_url ? [largePhoto(r.main_photo_url)] : [],
    star_rating: stars(r.class),
    distance_from_center: distance(place, r.latitude, r.longitude),
    bed_count: null,
    price: {
      final_price: perNight(gross?.value, query.nights),
      original_price: perNight(r.composite_price_breakdown?.strikethrough_amount?.value, query.nights),
      currency: gross?.currency ?? 'USD',
    },
    score: r.review_score ?? null,
    score_word: r.review_score_word ?? null,
    review_count: r.review_nr ?? null,
    amenities: [],
  };
}

/**
 * Booking.com through RapidAPI "booking-com15" (docs/product/providers.md#hotels): the airport's destination id, then
 * the hotel search; when the lookup finds no destination, or the destination search has no hotels, the search by the
 * airport's coordinates.
 */
export function createBookingComHotelProvider(opts: RapidApiOptions): HotelProvider {
  /** Destination ids hardly change: looked up once per airport for the life of the process. */
  const destinations = new Map<string, { dest_id: string; search_type: string } | null>();

  async function destinationOf(place: HotelPlace, signal: AbortSignal) {
    if (destinations.has(place.code)) return destinations.get(place.code) ?? null;
    const body = parse(
      destinationsSchema,
      await rapidApiGet(opts, '/api/v1/hotels/searchDestination', { query: place.code }, signal),
      'searchDestination',
    );
    const pick = body.data.find((d) => d.dest_type === 'airport') ?? body.data[0];
    const dest = pick ? { dest_id: String(pick.dest_id), search_type: pick.search_type } : null;
    destinations.set(place.code, dest);
    return dest;
  }

  async function byDestination(
    place: HotelPlace,
    dest: { dest_id: string; search_type: string },
    query: HotelQuery,
    signal: AbortSignal,
  ): Promise<HotelPage> {
    const body = parse(
      searchHotelsSchema,
      await rapidApiGet(
        opts,
        '/api/v1/hotels/searchHotels',
        {
          dest_id: dest.dest_id,
          search_type: dest.search_type,
          arrival_date: query.checkin,
          departure_date: query.checkout,
          adults: query.adults,
          room_qty: query.rooms,
          page_number: query.page,
          sort_by: SORT_IDS[query.sort],
          languagecode: 'en-us',
          currency_code: 'USD',
        },
        signal,
      ),
      'searchHotels',
    );
    const hotels = body.data.hotels.map((h) => hotelFromSearch(h, place, query));
    const total = readPropertyCount(body.data.meta?.[0]?.title) ?? hotels.length;
    return { hotels, total: hotels.length === 0 && query.page === 1 ? 0 : total };
  }

  async function byCoordinates(place: HotelPlace, query: HotelQuery, signal: AbortSignal): Promise<HotelPage> {
    const body = parse(
      byCoordinatesSchema,
      await rapidApiGet(
        opts,
        '/api/v1/hotels/searchHotelsByCoordinates',
        {
          latitude: place.lat,
          longitude: place.lng,
          arrival_date: query.checkin,
          departure_date: query.checkout,
          adults: query.adults,
          room_qty: query.rooms,
          page_number: query.page,
          languagecode: 'en-us',
          currency_code: 'USD',
        },
        signal,
      ),
      'searchHotelsByCoordinates',
    );
    const hotels = body.data.result.map((r) => hotelFromCoordinates(r, place, query));
    // The coordinates search has no sort parameter: ours is applied to the page.
    sortHotels(hotels, query.sort);
    return { hotels, total: body.data.count ?? hotels.length };
  }

  return {
    name: 'booking-com',
    demo: false,
    supplier: 'Booking.com',
    pageSize: 20,
    async search(place, query, signal) {
      const dest = await destinationOf(place, signal);
      if (dest) {
        const page = await byDestination(place, dest, query, signal);
        if (page.total > 0) return page;
      }
      return byCoordinates(place, query, signal);
    },
  };
}

/** Sorts a page the way the sort buttons read: price and distance ascending, rating descending; unknown values last. */
export function sortHotels(hotels: Hotel[], sort: HotelSort): Hotel[] {
  const key = (h: Hotel): number | null => {
    if (sort === 'price') return h.price.final_price != null && h.price.final_price > 0 ? h.price.final_price : null;
    if (sort === 'rating') return h.score == null ? null : -h.score;
    if (sort === 'distance') return h.distance_from_center;
    return null;
  };
  if (sort === 'auto') return hotels;
  return hotels.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return x - y;
  });
}
