import { type Flight, airlineShareMessage } from '@gowild/contract/flights';
import { GET_HOME_LIMITS, type GetHomeOption, type GetHomeResponse } from '@gowild/contract/get-home';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { Clock } from '../../../lib/clock';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import type { GetHomePlan } from './get-home.plan';
import type { HubRun, HubSearch } from '../hub-search/hub-search';
import type { OnSale } from '../../flights/flights.module';
import type { GatewayCaller, UpstreamGateway } from '../../airline/airline.module';

export interface GetHomeRun {
  response: GetHomeResponse;
  /** Every query failed: nothing could be checked. */
  allFailed: boolean;
  cutShort: boolean;
  /** Route-days set out to check (direct ones; the hub rounds find theirs as they run). */
  planned: number;
}

interface GetHomeDeps {
  gateway: Pick<UpstreamGateway, 'fetch'>;
  hub: Pick<HubSearch, 'run'>;
  clock: Clock;
  demo: boolean;
  onSale: OnSale;
  destinationsFrom(origin: string): readonly string[];
  timeZoneOf(code: string): string | undefined;
}

interface Direct {
  options: GetHomeOption[];
  queries: number;
  failed: string[];
  overBudget: string[];
  retryAfterSeconds: number;
  answered: number;
}

const goWild = (f: Flight) => f.fares.go_wild?.total ?? null;
const sum = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : Math.round(xs.reduce((a, x) => a! + x!, 0)! * 100) / 100);

type OptionParts = Omit<GetHomeOption, 'arrival_utc' | 'departure_time' | 'arrival_time' | 'total_go_wild' | 'total_lowest'>;

/** An option with its times and totals worked out from its flights. */
function optionOf(o: OptionParts, instant: (localIso: string, code: string) => number): GetHomeOption {
  const first = o.flights[0]!;
  const last = o.flights.at(-1)!;
  return {
    ...o,
    departure_time: first.departure_time,
    arrival_time: last.arrival_time,
    arrival_utc: new Date(instant(last.arrival_time, last.destination)).toISOString(),
    total_go_wild: sum(o.flights.map(goWild)),
    total_lowest: sum(o.flights.map((f) => f.lowest_price)),
  };
}

/**
 * "Get me home" (docs/product/get-me-home.md, decisions 199-201): from each airport within the traveller's drive,
 * the airline's own flights home today and tomorrow (any fare, through the flight gateway), and one-stop trips with a
 * self-transfer at a hub (the hub search, both flights GoWild, two tickets), never a flight whose sales have closed
 * (decision 151), soonest arrival at home first.
 */
export function createGetHome(deps: GetHomeDeps) {
  const instant = (localIso: string, code: string) => {
    const tz = deps.timeZoneOf(code);
    return tz ? localToUtcMs(localIso, tz) : Date.parse(`${localIso.slice(0, 19)}Z`);
  };
  const option = (o: OptionParts) => optionOf(o, instant);

  /** The airline's flights from each nearby airport to each home airport it flies to, on both days. */
  async function direct(plan: GetHomePlan, opts: { signal?: AbortSignal; gatewayCaller?: GatewayCaller }): Promise<Direct> {
    const drive = new Map(plan.nearby.map((a) => [a.code, a.miles]));
    const queries: FlightQuery[] = plan.dates.flatMap((date) =>
      plan.nearby.flatMap((a) =>
        plan.homeAirports.filter((h) => deps.destinationsFrom(a.code).includes(h)).map((h) => ({ origin: a.code, destination: h, date })),
      ),
    );
    const out: Direct = { options: [], queries: 0, failed: [], overBudget: [], retryAfterSeconds: 0, answered: 0 };
    const now = deps.clock.now();
    for (let i = 0; i < queries.length && !opts.signal?.aborted; i += plan.maxWorkers) {
      const batch = queries.slice(i, i + plan.maxWorkers);
      const results = await Promise.all(batch.map((q) => deps.gateway.fetch(q, { caller: opts.gatewayCaller, lane: 'traveller' })));
      results.forEach((r, j) => {
        const q = batch[j]!;
        out.queries++;
        if (r.status === 'failed') {
          out.failed.push(`${q.origin}-${q.destination}-${q.date}`);
          if (r.reason === 'over-budget') {
            out.overBudget.push(`${q.origin}-${q.destination}-${q.date}`);
            out.retryAfterSeconds = Math.max(out.retryAfterSeconds, r.retryAfterSeconds ?? 60);
          }
          return;
        }
        out.answered++;
        for (const f of r.flights) {
          if (f.lowest_price === null || !deps.onSale.isOnSale(f, now)) continue;
          const kind = f.stops === 0 ? 'nonstop' : 'connecting';
          out.options.push(
            option({ kind, from: q.origin, drive_miles: drive.get(q.origin) ?? 0, flights: [f], hub: null, layover_minutes: null }),
          );
        }
      });
    }
    return out;
  }

  /** One-stop self-transfer trips, a hub search per day (overnight at the hub is not a way home today). */
  async function viaHubs(plan: GetHomePlan, opts: { signal?: AbortSignal; gatewayCaller?: GatewayCaller }): Promise<HubRun[]> {
    const runs: HubRun[] = [];
    for (const date of plan.dates) {
      if (opts.signal?.aborted) break;
      runs.push(
        await deps.hub.run(
          {
            origin: plan.nearby.map((a) => a.code).join(','),
            origins: plan.nearby.map((a) => a.code),
            destination: plan.home,
            destinations: plan.homeAirports,
            date,
            minLayoverMinutes: 120,
            overnight: false,
            maxWorkers: plan.maxWorkers,
          },
          opts,
        ),
      );
    }
    return runs;
  }

  async function run(plan: GetHomePlan, opts: { signal?: AbortSignal; gatewayCaller?: GatewayCaller } = {}): Promise<GetHomeRun> {
    const straight = await direct(plan, opts);
    const hubs = await viaHubs(plan, opts);
    const drive = new Map(plan.nearby.map((a) => [a.code, a.miles]));
    const transfers = hubs.flatMap((h) =>
      h.response.connections.map((c) =>
        option({
          kind: 'self_transfer',
          from: c.first.origin,
          drive_miles: drive.get(c.first.origin) ?? 0,
          flights: [c.first, c.second],
          hub: c.hub,
          layover_minutes: c.layover_minutes,
        }),
      ),
    );
    const options = [...straight.options, ...transfers]
      .sort((a, b) => a.arrival_utc.localeCompare(b.arrival_utc) || (a.total_lowest ?? Infinity) - (b.total_lowest ?? Infinity))
      .slice(0, GET_HOME_LIMITS.maxOptions);
    const failed = [...straight.failed, ...hubs.flatMap((h) => h.response.failed ?? [])];
    const overBudget = [...straight.overBudget, ...hubs.flatMap((h) => h.response.over_budget?.codes ?? [])];
    const retryAfter = Math.max(straight.retryAfterSeconds, ...hubs.map((h) => h.response.over_budget?.retry_after_seconds ?? 0));
    const response: GetHomeResponse = {
      options,
      search_parameters: {
        from: plan.from,
        location: plan.location,
        home: plan.home,
        home_airports: plan.homeAirports,
        radius_miles: plan.radiusMiles,
        nearby: plan.nearby,
        dates: plan.dates,
      },
      summary: {
        options: options.length,
        queries: straight.queries + hubs.reduce((n, h) => n + h.response.summary.queries, 0),
        search_timestamp: deps.clock.now().toISOString(),
      },
      ...(failed.length > 0 ? { partial: true, failed: [...new Set(failed)].sort() } : {}),
      ...(overBudget.length > 0
        ? {
            over_budget: {
              codes: [...new Set(overBudget)].sort(),
              retry_after_seconds: retryAfter,
              message: airlineShareMessage(retryAfter, true),
            },
          }
        : {}),
      demo: deps.demo,
    };
    const answeredAny = straight.answered > 0 || hubs.some((h) => !h.allFailed && h.hubsChecked > 0);
    const askedAny = straight.queries > 0 || hubs.some((h) => h.hubsChecked > 0);
    return { response, allFailed: askedAny && !answeredAny, cutShort: opts.signal?.aborted ?? false, planned: straight.queries };
  }

  return { run };
}
export type GetHome = ReturnType<typeof createGetHome>;
