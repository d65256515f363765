import type { SearchRunner } from '../flights/flights.module';
import type { GetHome, GetHomeRun } from './get-home/get-home';
import type { GetHomePlan } from './get-home/get-home.plan';
import type { HubPlan, HubRun, HubSearch } from './hub-search/hub-search';
import type { TripFinder, TripFinderRun, TripPrepared } from './trip-finder/trip-finder';
import type { TripPlan } from './trip-finder/trip-finder.plan';

/** Two-flight trips through a hub (docs/product/search.md#via-a-hub): its hubs are found as it runs. */
export function hubSearchRunner(hub: HubSearch, plan: HubPlan): SearchRunner<HubRun> {
  return {
    subject: { origin: plan.origin, destination: plan.destination, date: plan.date },
    planned: 0,
    async run({ signal, gatewayCaller }) {
      const run = await hub.run(plan, { signal, gatewayCaller });
      return {
        answer: run,
        cutShort: run.cutShort,
        end: run.allFailed ? 'failed' : run.response.partial ? 'partial' : 'complete',
        whole: {
          destinations: run.hubsChecked,
          checked: run.hubsChecked,
          failed: run.hubsFailed,
          resultsFound: run.destinationsFound,
          totalFlights: run.response.connections.length * 2,
        },
        ...(run.response.over_budget && { overBudget: { retryAfterSeconds: run.response.over_budget.retry_after_seconds } }),
      };
    },
  };
}

/** "Get me home" (docs/product/get-me-home.md): the direct route-days known up front, the hub rounds found as it runs. */
export function getHomeRunner(home: GetHome, plan: GetHomePlan): SearchRunner<GetHomeRun> {
  return {
    subject: { origin: plan.nearby.map((a) => a.code).join(','), destination: plan.home, date: plan.dates[0]! },
    planned: 0,
    async run({ signal, gatewayCaller }) {
      const run = await home.run(plan, { signal, gatewayCaller });
      const failed = run.response.failed?.length ?? 0;
      return {
        answer: run,
        cutShort: run.cutShort,
        end: run.allFailed ? 'failed' : run.response.partial ? 'partial' : 'complete',
        whole: {
          destinations: Math.max(run.planned, 1),
          checked: Math.max(run.planned, 1),
          failed: Math.min(failed, Math.max(run.planned, 1)),
          resultsFound: run.response.options.length > 0 ? 1 : 0,
          totalFlights: run.response.options.reduce((n, o) => n + o.flights.length, 0),
        },
        ...(run.response.over_budget && { overBudget: { retryAfterSeconds: run.response.over_budget.retry_after_seconds } }),
      };
    },
  };
}

/**
 * The trip finder (docs/product/trip-finder.md): its destinations known up front; with `prepared`, the outbound
 * answers kept fresh, so a search they answer whole asks the airline nothing and is not refused for a spent budget.
 */
export function tripFinderRunner(finder: TripFinder, plan: TripPlan, prepared: TripPrepared): SearchRunner<TripFinderRun> {
  const planned = new Set(plan.routes.map((r) => r.destination)).size;
  return {
    subject: { origin: plan.origin, destination: null, date: plan.from },
    planned,
    asksAirline: () => prepared.missing > 0,
    async run({ signal, gatewayCaller }) {
      const run = await finder.run(plan, prepared, { signal, gatewayCaller });
      return {
        answer: run,
        cutShort: run.cutShort,
        end: run.allFailed ? 'failed' : run.response.partial ? 'partial' : 'complete',
        whole: {
          destinations: run.destinations,
          checked: run.destinations,
          failed: run.destinationsFailed,
          resultsFound: run.destinationsFound,
          totalFlights: run.response.destinations.reduce((n, d) => n + d.pairs.length * 2, 0),
        },
        ...(run.response.over_budget && { overBudget: { retryAfterSeconds: run.response.over_budget.retry_after_seconds } }),
      };
    },
  };
}
