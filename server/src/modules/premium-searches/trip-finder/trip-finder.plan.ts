import { addDays } from '@gowild/contract/dates';
import { TRIP_FINDER_LIMITS, TRIP_FINDER_MESSAGES } from '@gowild/contract/trip-finder';
import { badRequest } from '../../../lib/http-error';
import { type PlanContext, planOutbound } from '../../flights/flights.module';
import type { StayRule } from './trip-finder.pair';

/** A checked trip-finder search (docs/product/trip-finder.md). */
export interface TripPlan {
  /** The origin as asked for (normalised), and its airports. */
  origin: string;
  origins: string[];
  /** First and last departure date, and how many. */
  from: string;
  to: string;
  days: number;
  outDates: string[];
  rule: StayRule;
  /** Every route out of the origin airports (the network's, as the search reads them). */
  routes: { origin: string; destination: string }[];
  maxWorkers: number;
}

/** The query as the schema read it ('' and absent are the same: not given). */
export interface TripPlanInput {
  origin: string;
  from: string;
  days?: number | '';
  min_nights?: number | '';
  max_nights?: number | '';
  day_trip?: boolean;
  min_hours?: number | '';
}

const given = (v: number | '' | undefined): v is number => typeof v === 'number';

/**
 * The search's input by its rules: the origin and the first date as the search reads them (its own 400s), the last
 * departure date within the search's horizon too, a stay of min to max nights (min not above max) or a day trip
 * with its hours (not both).
 */
export function planTrips(input: TripPlanInput, ctx: PlanContext): TripPlan {
  const days = given(input.days) ? input.days : TRIP_FINDER_LIMITS.daysDefault;
  let rule: StayRule;
  if (input.day_trip) {
    if (given(input.min_nights) || given(input.max_nights)) throw badRequest(TRIP_FINDER_MESSAGES.dayTripWithNights);
    rule = { dayTrip: true, minHours: given(input.min_hours) ? input.min_hours : TRIP_FINDER_LIMITS.hoursDefault };
  } else {
    const minNights = given(input.min_nights)
      ? input.min_nights
      : Math.min(TRIP_FINDER_LIMITS.nightsDefault.min, given(input.max_nights) ? input.max_nights : Infinity);
    const maxNights = given(input.max_nights) ? input.max_nights : Math.max(TRIP_FINDER_LIMITS.nightsDefault.max, minNights);
    if (minNights > maxNights) throw badRequest(TRIP_FINDER_MESSAGES.nightsOrder);
    rule = { dayTrip: false, minNights, maxNights };
  }
  const first = planOutbound({ origin: input.origin, date: input.from }, ctx);
  const to = addDays(first.search_parameters.date, days - 1);
  // The last departure date by the same rules (within the search's horizon).
  if (days > 1) planOutbound({ origin: input.origin, date: to }, ctx);
  return {
    origin: first.search_parameters.origin,
    origins: first.search_parameters.origin_airports,
    from: first.search_parameters.date,
    to,
    days,
    outDates: Array.from({ length: days }, (_, i) => addDays(first.search_parameters.date, i)),
    rule,
    routes: first.queries.map((q) => ({ origin: q.origin, destination: q.destination })),
    maxWorkers: ctx.maxWorkersCap,
  };
}
