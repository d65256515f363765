import { addDays, todayUtc } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import type { Db } from '../../../db/client';
import { observedAnswers } from '../../../db/schema';
import blackoutDates from '../../../lib/reference-data/blackout-dates.json' with { type: 'json' };
import { seedNetwork } from '../../../providers/flights/emulator/network';
import { type Offer, createSchedule } from '../../../providers/flights/emulator/schedule';
import type { RouteDayAnswer } from './network-day';

/**
 * Tests' and benches' network day: the clock stands at noon US Eastern on the first day (from the run's now) whose
 * next day is not a blackout date, and the search date is that next day, so GoWild seats are on sale for all of it
 * (the domestic window opens the day before).
 */
export function testDates() {
  const blackouts = new Set(blackoutDates.map((b) => b.date));
  const runDay = todayUtc(process.env.TEST_NOW ? new Date(process.env.TEST_NOW) : new Date());
  let eve = runDay;
  while (blackouts.has(addDays(eve, 1))) eve = addDays(eve, 1);
  return { now: `${eve}T17:00:00.000Z`, date: addDays(eve, 1) };
}

/** An emulator offer as a flight of an answer: the fields the connection search reads. */
function flightOf(o: Offer): Flight {
  const first = o.legs[0]!;
  const last = o.legs.at(-1)!;
  const number = `F9 ${first.flightNumber}`;
  const goWild = o.goWildFare > 0 ? { total: o.goWildFare, available_seats: o.goWildSeats, fare_type: o.goWildType ?? 'standard' } : null;
  return {
    origin: first.from.code,
    destination: last.to.code,
    departure_time: first.depLocal,
    arrival_time: last.arrLocal,
    total_trip_time: '00:00',
    duration: Math.round((last.arrUtc - first.depUtc) / 60_000),
    stops: o.legs.length - 1,
    flight_number: number,
    segments: o.legs.map((l) => ({
      departure_airport: l.from.code,
      arrival_airport: l.to.code,
      departure_time: l.depLocal,
      arrival_time: l.arrLocal,
      flight_number: `F9 ${l.flightNumber}`,
    })),
    fares: {
      go_wild: goWild,
      standard: o.standardFare > 0 ? { total: o.standardFare, available_seats: o.seatsLeft } : null,
      discount_den: o.discountDenFare > 0 ? { total: o.discountDenFare, available_seats: o.seatsLeft } : null,
    },
    booking_links: { go_wild: null, standard: null, discount_den: null },
    lowest_go_wild_price: goWild?.total ?? null,
    lowest_price: o.discountDenFare > 0 ? o.discountDenFare : null,
    flightHash: `${number}-${first.depLocal}`,
  };
}

/**
 * The emulated airline's whole network (the committed 882 routes) for `date` and the next day at `now`, read from its
 * schedule directly, as a full sweep of those days would keep it (without writing and reading 1,764 result pages).
 */
export function emulatorNetworkDay(date: string, now: Date): RouteDayAnswer[] {
  const network = seedNetwork();
  const schedule = createSchedule({ network, bucketMinutes: 30 });
  const answers: RouteDayAnswer[] = [];
  for (const r of network.routes())
    for (const d of [date, addDays(date, 1)]) {
      const offers = schedule.offers(r.origin, r.destination, d, now) ?? [];
      answers.push({ origin: r.origin, destination: r.destination, date: d, flights: offers.map(flightOf), checkedAt: now.getTime() });
    }
  return answers;
}

/**
 * Keeps a network day's answers as the observations hold them (one observed_answers row a route-day), for the
 * connection search to read: what a sweep of those days leaves behind.
 */
export async function keepNetworkDay(db: Db, answers: readonly RouteDayAnswer[]): Promise<void> {
  const rows = answers.map((a) => {
    const goWild = a.flights.map((f) => f.fares.go_wild?.total).filter((t): t is number => t !== undefined);
    return {
      origin: a.origin,
      destination: a.destination,
      travelDate: a.date,
      checkedAt: new Date(a.checkedAt),
      changedAt: new Date(a.checkedAt),
      answerHash: `${a.origin}-${a.destination}-${a.date}-${a.checkedAt}`,
      flights: a.flights,
      flightCount: a.flights.length,
      goWildOffered: goWild.length > 0,
      lowestGoWildCents: goWild.length > 0 ? Math.round(Math.min(...goWild) * 100) : null,
      lowestFareCents: null,
      goWildSeats: null,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insert(observedAnswers).values(rows.slice(i, i + 200));
}
