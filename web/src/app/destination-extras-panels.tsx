import { roundUpToHour } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import { CAR_LIMITS } from '@gowild/contract/extras';
import { PremiumTeaser } from '@/app/premium-feature-panel';
import { RentalCarsPanel } from '@/features/cars/components/rental-cars-panel';
import { HotelsPanel } from '@/features/hotels/components/hotels-panel';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth/auth-context';

export interface ExtrasStay {
  /** Check-in and pick-up day (YYYY-MM-DD). */
  start: string;
  /** Check-out and return day; the day after `start` when it is not later. */
  end: string;
  /** HH:mm: the arrival rounded up to the next full hour. */
  pickupTime: string;
}

function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The stay an arrival starts: from the arrival (rounded up to the hour) to `end`, or one night. */
export function stayFromArrival(arrivalLocal: string, end?: string): ExtrasStay {
  const rounded = roundUpToHour(arrivalLocal);
  const start = rounded.slice(0, 10);
  return { start, end: end && end > start ? end : dayAfter(start), pickupTime: rounded.slice(11, 16) || CAR_LIMITS.defaultTime };
}

/** A destination card's stay: from its earliest arrival, one night (the card has no return flight yet). */
export function stayForDestination(date: string, flights: readonly Flight[]): ExtrasStay {
  const first = [...flights].sort((a, b) => a.arrival_time.localeCompare(b.arrival_time))[0];
  return first ? stayFromArrival(first.arrival_time) : { start: date, end: dayAfter(date), pickupTime: CAR_LIMITS.defaultTime };
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
  const key = `${code}|${stay.start}|${stay.end}|${stay.pickupTime}`;
  // A same-day return still needs the car back after the pick-up time: the next day then.
  const returnDate = stay.end > stay.start ? stay.end : dayAfter(stay.start);
  return (
    <div className="space-y-3">
      <HotelsPanel key={`h-${key}`} code={code} checkin={stay.start} checkout={stay.end} variant={variant} />
      <RentalCarsPanel key={`c-${key}`} code={code} pickupDate={stay.start} pickupTime={stay.pickupTime} returnDate={returnDate} />
    </div>
  );
}
