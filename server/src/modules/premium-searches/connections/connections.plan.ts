import { CONNECTION_LIMITS, CONNECTION_MESSAGES, type ConnectionSort } from '@gowild/contract/connections';
import { expandAirportInput } from '@gowild/contract/city-groups';
import { addDays } from '@gowild/contract/dates';
import { badRequest } from '../../../lib/http-error';
import type { SearchPlan } from '../../flights/flights.module';

/** A validated connection search (docs/product/connections.md). */
export interface ConnectionsPlan {
  origin: string;
  origins: string[];
  /** Null for anywhere. */
  destination: string | null;
  destinations: string[] | null;
  date: string;
  maxFlights: number;
  minConnectionMinutes: number;
  maxLayoverMinutes: number;
  overnight: boolean;
  sort: ConnectionSort;
  via: string[];
  avoid: string[];
  maxDurationMinutes: number | null;
  /** Local date and time at the destination (YYYY-MM-DDTHH:mm), or null. */
  arriveBy: string | null;
  /** The itinerary a share link names, confirmed first. */
  pick: string | null;
}

export interface ConnectionsInput {
  origin: string;
  destination: string;
  date: string;
  max_flights?: number;
  min_connection?: number;
  max_layover?: number;
  overnight?: boolean;
  sort?: ConnectionSort;
  via: string[];
  avoid: string[];
  max_duration?: number;
  arrive_by?: string;
  pick?: string;
}

/** `destination=ANY` (any case) is anywhere. */
export const isAnywhere = (destination: string) => destination.trim().toUpperCase() === 'ANY';

/**
 * The rules of a connection search's input: origin, destination and date by the search's own rules (known airports or
 * cities, a date from today up to a year ahead; `planOutbound` refuses with the search's 400s), then the connection
 * rules: the minimum connection may only be raised above the server's (`minTransferMinutes`), a maximum layover at
 * least that long, an arrive-by time on the date when only a time is given.
 */
export function planConnections(
  input: ConnectionsInput,
  deps: { planOutbound(input: { origin: string; date: string; destination?: string }): SearchPlan; minTransferMinutes: number },
): ConnectionsPlan {
  const anywhere = isAnywhere(input.destination);
  const read = deps.planOutbound({ origin: input.origin, date: input.date, ...(anywhere ? {} : { destination: input.destination }) });
  const sp = read.search_parameters;
  const minConnection = input.min_connection ?? deps.minTransferMinutes;
  if (minConnection < deps.minTransferMinutes) throw badRequest(CONNECTION_MESSAGES.minConnectionTooLow(deps.minTransferMinutes));
  const maxLayover = input.max_layover ?? Math.max(CONNECTION_LIMITS.maxLayoverDefault, minConnection);
  if (maxLayover < minConnection) throw badRequest(CONNECTION_MESSAGES.layoverBelowConnection);
  const arriveBy = input.arrive_by ? (input.arrive_by.length === 5 ? `${sp.date}T${input.arrive_by}` : input.arrive_by) : null;
  // An arrival before the day of departure, or past the one day a connection may add, can never be met.
  if (arriveBy && (arriveBy.slice(0, 10) < sp.date || arriveBy.slice(0, 10) > addDays(sp.date, 2)))
    throw badRequest(CONNECTION_MESSAGES.arriveByInvalid);
  return {
    origin: sp.origin,
    origins: sp.origin_airports,
    destination: sp.destination,
    destinations: sp.destination ? expandAirportInput(sp.destination) : null,
    date: sp.date,
    maxFlights: input.max_flights ?? CONNECTION_LIMITS.maxFlights,
    minConnectionMinutes: minConnection,
    maxLayoverMinutes: maxLayover,
    overnight: input.overnight ?? true,
    sort: input.sort ?? 'arrival',
    via: input.via,
    avoid: input.avoid,
    maxDurationMinutes: input.max_duration ?? null,
    arriveBy,
    pick: input.pick ?? null,
  };
}
