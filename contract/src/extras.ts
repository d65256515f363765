import { z } from 'zod';

/**
 * Hotels and rental cars at the destination (docs/product/destination-extras.md): the answers of
 * GET /api/hotels/search/airport/{code}, GET /api/hertz/locations and GET /api/hertz/availability, their limits and
 * every text the server or the panels show.
 */

export const HOTEL_LIMITS = {
  adults: { min: 1, max: 8, default: 2 },
  rooms: { min: 1, max: 8, default: 1 },
  perPage: { min: 1, max: 50, default: 20 },
  /** The panels ask for 12 a page. */
  panelPerPage: 12,
  maxStars: 5,
} as const;

export const HOTEL_SORTS = ['auto', 'price', 'rating', 'distance'] as const;
export type HotelSort = (typeof HOTEL_SORTS)[number];
export const HOTEL_SORT_LABELS: Record<HotelSort, string> = {
  auto: 'Recommended',
  price: 'Lowest Price',
  rating: 'Highest Rating',
  distance: 'Distance',
};

export const HOTEL_MESSAGES = {
  badAirportCode: 'Airport code must be a valid 3-letter IATA code',
  badDate: 'Dates must be YYYY-MM-DD',
  checkinPast: 'Check-in date cannot be in the past',
  checkoutAfterCheckin: 'Check-out date must be after check-in date',
  badSort: 'Sort must be one of: auto, price, rating, distance',
  tooLong: 'A stay may last at most 30 nights',
  notFound: (code: string) => `No hotels found near airport ${code}`,
  unavailable: 'Hotel search service is currently unavailable',
  premiumRequired: 'Hotel search is a premium feature. Upgrade your account to see hotels at your destination.',
  loginRequired: 'Please log in to search hotels.',
  // Client texts.
  invalidParams: 'Invalid search parameters',
  failed: 'Failed to search hotels',
  loading: 'Loading hotel options...',
  updating: 'Updating...',
  emptySummary: 'No hotels available for your travel dates',
  emptySearch: 'No hotels found for your travel dates',
  failedSearch: 'Unable to load hotel options. Please try again later.',
  priceUnavailable: 'Price unavailable',
  footer: (shown: number, total: number) => `Showing ${shown} of ${total} hotels • Prices per night, may exclude taxes`,
} as const;

const nullableNumber = z.number().nullable();

/** A hotel as the panels show it; a missing or non-positive `final_price` reads 'Price unavailable'. */
export const hotelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The hotel's page on the partner's site. */
  url: z.string().nullable(),
  pictures: z.array(z.string()),
  /** The property class, 1–5; null when unrated. */
  star_rating: nullableNumber,
  /** Miles from the destination airport (or the city centre when the provider gives no coordinates). */
  distance_from_center: nullableNumber,
  bed_count: nullableNumber,
  /** Per night: the stay's total divided by its nights. */
  price: z.object({ final_price: nullableNumber, original_price: nullableNumber, currency: z.string() }),
  /** Review score out of 10. */
  score: nullableNumber,
  score_word: z.string().nullable(),
  review_count: nullableNumber,
  amenities: z.array(z.string()),
});
export type Hotel = z.infer<typeof hotelSchema>;

export const hotelSearchResponseSchema = z.object({
  success: z.literal(true),
  properties: z.array(hotelSchema),
  message: z.string(),
  pagination: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total_properties: z.number().int(),
    total_pages: z.number().int(),
  }),
  search: z.object({
    airport_code: z.string(),
    checkin_date: z.string(),
    checkout_date: z.string(),
    nights: z.number().int(),
    adults: z.number().int(),
    rooms: z.number().int(),
    sort_by: z.enum(HOTEL_SORTS),
  }),
  /** The offline default made these offers. */
  demo: z.boolean(),
  /** Whose offers these are ('Booking.com'). */
  provider: z.string(),
});
export type HotelSearchResponse = z.infer<typeof hotelSearchResponseSchema>;

export const CAR_LIMITS = {
  age: { min: 18, max: 99, default: 25 },
  defaultTime: '12:00',
  /** The panel asks the first 3 locations, and shows up to 8 vehicles of each. */
  locations: 3,
  vehiclesPerLocation: 8,
  maxRentalDays: 30,
  /** Debounce of the panel's inputs. */
  ageDebounceMs: 500,
  fieldDebounceMs: 1000,
} as const;

export const CAR_MESSAGES = {
  textRequired: 'Enter an airport code or a place to find rental locations',
  badLocation: 'Pick-up location is not valid',
  locationNotFound: 'Rental location not found',
  badDate: 'Dates must be YYYY-MM-DD',
  badTime: 'Times must be HH:mm',
  pickupPast: 'Pick-up date cannot be in the past',
  returnAfterPickup: 'Return must be after pick-up',
  tooLong: `A rental may last at most ${CAR_LIMITS.maxRentalDays} days`,
  age: 'Driver age must be between 18 and 99',
  cdp: 'CDP code must be 1-10 digits',
  unavailable: 'Car rental service is currently unavailable',
  premiumRequired: 'Rental car search is a premium feature. Upgrade your account to see rental cars at your destination.',
  loginRequired: 'Please log in to search rental cars.',
  // Client texts.
  noLocations: 'No rental car locations found near this airport',
  noVehicles: 'No rental cars available for your dates',
  failed: 'Unable to load rental car options. Please try again later.',
  failedLocations: 'Failed to search locations',
  failedAvailability: 'Failed to check availability',
} as const;

export const rentalLocationSchema = z.object({
  /** The rental company's location code (the airport code for its airport counter). */
  id: z.string(),
  name: z.string(),
  street_address: z.string(),
  /** From the airport. */
  distance_miles: z.number(),
});
export type RentalLocation = z.infer<typeof rentalLocationSchema>;
export const rentalLocationsResponseSchema = z.object({
  locations: z.array(rentalLocationSchema),
  demo: z.boolean(),
  supplier: z.string(),
});
export type RentalLocationsResponse = z.infer<typeof rentalLocationsResponseSchema>;

export const paymentOptionSchema = z.object({ payment_type: z.string(), total_cost: z.number() });
export const vehicleSchema = z.object({
  model: z.string(),
  class: z.string(),
  /** The chosen option's total for the rental, formatted ('$187.40'). */
  display_price: z.string(),
  /** The cheapest payment option that is not 'pay later', for the whole rental. */
  lowest_price: z.number(),
  currency: z.string(),
  booking_url: z.string(),
  rate_info: z.object({ payment_options: z.array(paymentOptionSchema) }),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const availabilityResponseSchema = z.object({
  vehicles: z.array(vehicleSchema),
  /** Rental days charged. */
  days: z.number().int(),
  demo: z.boolean(),
  supplier: z.string(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** 'Pay later' is never the price shown (docs/product/destination-extras.md#rental-panel). */
export function isPayLater(paymentType: string): boolean {
  return /pay[\s_-]*later/i.test(paymentType);
}

/** The cheapest option that is not 'pay later', or null when there is none. */
export function cheapestPayment(options: readonly { payment_type: string; total_cost: number }[]): number | null {
  let best: number | null = null;
  for (const o of options)
    if (!isPayLater(o.payment_type) && o.total_cost > 0 && (best === null || o.total_cost < best)) best = o.total_cost;
  return best;
}
