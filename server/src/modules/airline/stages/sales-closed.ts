import type { Flight } from '@gowild/contract/flights';
import { localDate } from '@gowild/contract/local-time';
import { salesCloseMs } from '@gowild/contract/sales-close';
import type { Clock } from '../../../lib/clock';
import { findAirport } from '../../../lib/reference-data/airports';
import type { AirlineMetrics } from '../airline.metrics';
import type { Lookup } from '../gateway-types';
import type { AnswerStore } from './cache';

/**
 * Whether every flight of a kept answer has stopped selling at `now` (an hour before it leaves, decision 151), so no
 * later page of that day can offer anything. Only an answer that listed flights and read whole says so: an empty
 * page, or one with flights that did not read, may hide a later flight; a flight from an airport whose time zone we
 * do not know may still sell.
 */
export function salesClosedFor(flights: readonly Flight[], dropped: number | undefined, now: number): boolean {
  if (flights.length === 0 || (dropped ?? 0) > 0) return false;
  return flights.every((f) => {
    const zone = findAirport(f.origin)?.timezone;
    return zone !== undefined && salesCloseMs(f.departure_time, zone) <= now;
  });
}

/**
 * The sales-closed stage (decision 327), inside the cache and outside the schedule filter: a query for today at its
 * origin whose latest kept answer, whatever its age (the flight cache's entry or the latest observation), listed
 * flights that have all stopped selling is answered with those flights, none on sale, with no airline request and no
 * budget spent. The airline's own answer could offer nothing more: a day's flights are not added on the day, and a
 * flight an hour from leaving is never offered again. Every reader of an answer leaves out what has stopped selling
 * (decision 151), so a traveller sees no flights. The answer is kept in the flight cache as of now, so the next asker
 * within the fresh time finds it there and the one after that finds it closed again; it is not kept as an
 * observation, since the airline was not asked. A live re-check (the premium button) finds no kept answer and asks
 * the airline as before.
 */
export function salesClosedStage(next: Lookup, deps: { store: AnswerStore; clock: Clock; metrics: AirlineMetrics }): Lookup {
  const { store, metrics } = deps;
  return async (req) => {
    const now = deps.clock.now();
    const zone = findAirport(req.query.origin)?.timezone;
    // Only today at the origin can have closed before it ends; a later date's first flight still sells.
    if (zone === undefined || req.query.date > localDate(now, zone)) return next(req);
    const kept = await store.getStale(req.key);
    if (!kept || !salesClosedFor(kept.flights, kept.dropped, now.getTime())) return next(req);
    metrics.salesClosedSkips.inc({ lane: req.lane });
    await store.remember(req.key, kept.flights, 0);
    return { ok: true, flights: kept.flights, dropped: 0, withoutRequest: true };
  };
}
