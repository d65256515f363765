import { localToUtcMs } from './local-time';

/**
 * The airline stops selling a flight this many minutes before it departs (decision 151): such a flight is not
 * offered as bookable, whatever an earlier or cached airline answer said.
 */
export const SALES_CLOSE_MINUTES = 60;

/** The instant (epoch ms) sales of a flight leaving at `departureLocal` (airport-local ISO) from an airport in `timeZone` close. */
export function salesCloseMs(departureLocal: string, timeZone: string): number {
  return localToUtcMs(departureLocal, timeZone) - SALES_CLOSE_MINUTES * 60_000;
}

/** Whether the flight is still on sale at `now`: more than an hour before its departure, in its airport's own time. */
export function isStillOnSale(departureLocal: string, timeZone: string, now: Date): boolean {
  return now.getTime() < salesCloseMs(departureLocal, timeZone);
}
