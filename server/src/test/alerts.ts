import type { Fare, Flight } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { testConfig } from '../config';
import type { JobRunner } from '../jobs/job-runner';
import type { Clock } from '../lib/clock';
import { type FlightsEngine, createFlightsEngine } from '../modules/flights/flights.module';
import type { EmailMessage, EmailProvider } from '../providers/email/email.provider';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../providers/flights/flights.provider';

/** Helpers for the alert tests: a scripted airline, an e-mail provider that records (and can refuse), no jobs. */

/** A runner that runs nothing: tests drive the checker and the mailer by hand. */
export const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };

/** An airline whose answers a test scripts per query, counting the requests it receives. */
export function scriptedAirline() {
  const requests: FlightQuery[] = [];
  let answer: (q: FlightQuery) => FlightFetchResult | Promise<FlightFetchResult> = () => ({ kind: 'flights', flights: [] });
  const provider: FlightProvider = {
    name: 'scripted',
    demo: true,
    async fetchFlights(query) {
      requests.push(query);
      return answer(query);
    },
  };
  return {
    provider,
    requests,
    answer(fn: typeof answer) {
      answer = fn;
    },
    /**
     * A flight engine on this airline, for `createAppDeps` overrides. `monotonic` replaces the gateway's own time (pace,
     * pauses, the breaker's cooldown), so a test can move past a cooldown without waiting for it.
     */
    engine(clock: Clock, env: Record<string, string> = {}, monotonic?: () => number): FlightsEngine {
      return createFlightsEngine({
        config: testConfig(env),
        clock,
        metrics: new Registry(),
        reference: { destinationsFrom: () => [], originsTo: () => [] },
        provider,
        gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1, ...(monotonic ? { monotonic } : {}) },
      });
    },
  };
}

type FareInput = number | { total: number; seats: number | null } | null;
const fare = (f: FareInput): Fare | null =>
  f === null ? null : typeof f === 'number' ? { total: f, available_seats: 5 } : { total: f.total, available_seats: f.seats };

/** One nonstop flight on `date` with the given fares (a number is a total with 5 seats; null is not on sale). */
export function testFlight(
  q: FlightQuery,
  fares: { go_wild?: FareInput; standard?: FareInput; discount_den?: FareInput },
  opts: { departs?: string; arrives?: string; number?: string } = {},
): Flight {
  const departs = `${q.date}T${opts.departs ?? '08:00'}:00`;
  const arrives = `${q.date}T${opts.arrives ?? '13:15'}:00`;
  const number = opts.number ?? '1234';
  const f = {
    go_wild: fare(fares.go_wild ?? null),
    standard: fare(fares.standard ?? null),
    discount_den: fare(fares.discount_den ?? null),
  };
  const link = (k: string) => `https://booking.example/Flight/InternalSelect?o1=${q.origin}&d1=${q.destination}&dd1=${q.date}&fare=${k}`;
  const totals = Object.values(f).flatMap((x) => (x && x.total > 0 ? [x.total] : []));
  return {
    origin: q.origin,
    destination: q.destination,
    departure_time: departs,
    arrival_time: arrives,
    total_trip_time: '03:15',
    duration: 195,
    stops: 0,
    flight_number: number,
    segments: [
      {
        departure_airport: q.origin,
        arrival_airport: q.destination,
        departure_time: departs,
        arrival_time: arrives,
        flight_number: number,
      },
    ],
    fares: f,
    booking_links: {
      go_wild: f.go_wild ? link('gowild') : null,
      standard: f.standard ? link('standard') : null,
      discount_den: f.discount_den ? link('den') : null,
    },
    lowest_go_wild_price: f.go_wild?.total ?? null,
    lowest_price: totals.length > 0 ? Math.min(...totals) : null,
    flightHash: `${q.origin}${q.destination}${q.date}${number}`,
  };
}

/** Records every e-mail; `refuse(n)` makes the next n sends fail as an SMTP server refusing them would. */
export function recordingEmail(): EmailProvider & { sent: EmailMessage[]; attempts: number; refuse(n: number): void } {
  let refusals = 0;
  const sent: EmailMessage[] = [];
  const provider = {
    kind: 'outbox' as const,
    sent,
    attempts: 0,
    refuse(n: number) {
      refusals = n;
    },
    async send(message: EmailMessage) {
      provider.attempts += 1;
      if (refusals > 0) {
        refusals -= 1;
        throw new Error('451 4.3.0 Temporary failure, try again later');
      }
      sent.push(message);
    },
    async close() {},
  };
  return provider;
}
