/**
 * The trip finder's limits and texts (docs/product/trip-finder.md), apart from its schemas so the app shell can show
 * the premium panel's pitch without loading them.
 */
export const TRIP_FINDER_LIMITS = {
  /** Departure dates in one search, at most. */
  daysMax: 14,
  daysDefault: 7,
  /** Nights at the destination of a round trip. */
  nightsMin: 1,
  nightsMax: 14,
  nightsDefault: { min: 2, max: 4 },
  /** Hours at the destination of a day trip. */
  hoursMin: 1,
  hoursMax: 16,
  hoursDefault: 6,
  /** Pairs shown per destination, and destinations per answer. */
  pairsPerDestination: 3,
  maxDestinations: 60,
} as const;

export const TRIP_FINDER_MESSAGES = {
  premiumRequired: 'The trip finder is a premium feature. Upgrade your account to find whole GoWild trips, out and back, in one search.',
  /** What a free user reads of the feature (the premium panel's words). */
  pitch:
    'Find a whole trip at once: every destination with a GoWild flight out and a GoWild flight back, round trips of a few nights or day trips, best first, with when each return becomes bookable.',
  fromInvalid: 'Start date (from) must be a real date in YYYY-MM-DD format',
  daysInvalid: `days must be a whole number from 1 to ${TRIP_FINDER_LIMITS.daysMax}`,
  nightsInvalid: `Nights must be whole numbers from ${TRIP_FINDER_LIMITS.nightsMin} to ${TRIP_FINDER_LIMITS.nightsMax}`,
  nightsOrder: 'The fewest nights (min_nights) cannot be more than the most nights (max_nights)',
  hoursInvalid: `Hours at the destination must be a whole number from ${TRIP_FINDER_LIMITS.hoursMin} to ${TRIP_FINDER_LIMITS.hoursMax}`,
  dayTripWithNights: 'A day trip comes back the same day: leave out min_nights and max_nights, or turn day_trip off',
  noTrips: 'No GoWild trip out and back found for these dates. Try other dates or a longer stay.',
  twoBookings:
    'The flight out and the flight back are separate GoWild bookings, and the return’s GoWild seats go on sale later than the outbound’s (the day before it leaves, 10 days before for international flights). Book the way out now, the way back when it opens.',
  returnNotOpen: 'Return not bookable yet',
} as const;
