import { roundUpToHour } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import { CAR_LIMITS } from '@gowild/contract/extras';
import { PremiumTeaser } from '@/app/premium-feature-panel';
import { RentalCarsPanel } from '@/features/cars/components/rental-cars-panel';
import { HotelsPanel } from '@/features/hotels/components/hotels-panel';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth/auth-context';
import { addDays, localToday } from '@gowild/contract/dates';

export interface ExtrasStay {
  /**
   * Check-in day (YYYY-MM-DD): the day the flight lands, or the evening before for a landing in the small hours
   * (before LATE_NIGHT_LANDING_BEFORE), so the night it lands has a bed.
   */
  start: string;
  /** Check-out and return day; the day after `start` when it is not later. */
  end: string;
  /** Pick-up day: the landing rounded up to the hour, which is the next day for a landing after 11 PM. */
  pickupDate: string;
  /** HH:mm: the arrival rounded up to the next full hour. */
  pickupTime: string;
}

/**
 * A landing before this hour (the destination's clock) is the end of a night, not the start of a day: the hotel
 * night it needs began the evening before (a 02:05 landing on the 2nd sleeps the night of the 1st).
 */
export const LATE_NIGHT_LANDING_BEFORE = '06:00';

/**
 * The stay an arrival starts, to `end` or one night: the night it lands. Only the car's pick-up is rounded up to
 * the hour: a landing at 11:45 PM on the 26th picks the car up at 00:00 on the 27th, but the night of the 26th is the
 * stay's first. A landing in the small hours checks in the evening before (docs/product/destination-extras.md#where-they-appear),
 * unless that evening is already past (`today`, the traveller's: the hotel search refuses a check-in in the past).
 */
export function stayFromArrival(arrivalLocal: string, end?: string, today: string = localToday()): ExtrasStay {
  const rounded = roundUpToHour(arrivalLocal);
  const landed = arrivalLocal.slice(0, 10);
  const lateNight = arrivalLocal.slice(11, 16) < LATE_NIGHT_LANDING_BEFORE && addDays(landed, -1) >= today;
  const start = lateNight ? addDays(landed, -1) : landed;
  return {
    start,
    end: end && end > start ? end : addDays(start, 1),
    pickupDate: rounded.slice(0, 10) || landed,
    pickupTime: rounded.slice(11, 16) || CAR_LIMITS.defaultTime,
  };
}

/** A destination card's stay: from its earliest arrival, one night (the card has no return flight yet). */
export function stayForDestination(date: string, flights: readonly Flight[], today: string = localToday()): ExtrasStay {
  const first = [...flights].sort((a, b) => a.arrival_time.localeCompare(b.arrival_time))[0];
  return first
    ? stayFromArrival(first.arrival_time, undefined, today)
    : { start: date, end: addDays(date, 1), pickupDate: date, pickupTime: CAR_LIMITS.defaultTime };
}

/**
 * Hotels and rental cars at a destination (docs/product/destination-extras.md#where-they-appear), or their premium
 * teasers for everyone else. The panels restart from the given stay when it changes.
 */
export function DestinationExtrasPanels({ code, stay, variant }: { code: string; stay: ExtrasStay; variant: 'search' | 'summary' }) {
  const auth = useAuth();
  const config = useAppConfig();
  const monthly = config.data?.plans.find((p) => p.id === 'monthly')?.price;
  if (!auth.isPremium) {
    return (
      <div className="space-y-3">
        <PremiumTeaser
          title={variant === 'summary' ? 'Hotels at Destination' : `Hotels near ${code}`}
          description="See hotels near the airport for your stay, with prices per night, ratings and distances."
          monthlyPrice={monthly}
        />
        <PremiumTeaser
          title="Rental Cars"
          description="Compare rental cars at and near the airport for your dates, and book with the rental company."
          monthlyPrice={monthly}
        />
      </div>
    );
  }
  const key = `${code}|${stay.start}|${stay.end}|${stay.pickupDate}|${stay.pickupTime}`;
  // A same-day return still needs the car back after the pick-up time: the next day then.
  const returnDate = stay.end > stay.pickupDate ? stay.end : addDays(stay.pickupDate, 1);
  return (
    <div className="space-y-3">
      <HotelsPanel key={`h-${key}`} code={code} checkin={stay.start} checkout={stay.end} variant={variant} />
      <RentalCarsPanel key={`c-${key}`} code={code} pickupDate={stay.pickupDate} pickupTime={stay.pickupTime} returnDate={returnDate} />
    </div>
  );
}
