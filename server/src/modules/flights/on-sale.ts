import type { Flight } from '@gowild/contract/flights';
import { salesCloseMs } from '@gowild/contract/sales-close';

/**
 * The airline's sales close as the results apply it (decision 151): a flight leaving within the hour, on its
 * departure airport's clock, is not offered, also when it comes from an answer cached before the hour began.
 * A flight from an airport whose zone we do not know is kept: the airline's answer had it on sale.
 */
export function createOnSale(timeZoneOf: (code: string) => string | undefined) {
  /** Epoch ms at which the flight stops selling; undefined when its airport's zone is unknown. */
  const closesAt = (f: Flight): number | undefined => {
    const zone = timeZoneOf(f.origin);
    return zone ? salesCloseMs(f.departure_time, zone) : undefined;
  };
  return {
    closesAt,
    isOnSale: (f: Flight, now: Date): boolean => (closesAt(f) ?? Number.POSITIVE_INFINITY) > now.getTime(),
  };
}
export type OnSale = ReturnType<typeof createOnSale>;
