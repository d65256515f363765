import type { Caller } from '../accounts/accounts.module';
import type { AnswerCache, CachedAnswer } from './answer-cache';
import type { SearchPlan } from './flight-search.plan';
import type { FlightSearchService, GroupDone, GroupObserved, SearchRun } from './flight-search.service';
import type { RunContext, SearchRunner } from './search-session';

type RunContextSent = RunContext['sent'];

/** A flight search's answer: the run, or the kept answer of the same search and view (decision 063). */
export interface FlightAnswer {
  run: SearchRun;
  kept?: CachedAnswer;
}

/** How a flight search that ran to its end went, and what its whole answer holds. */
function flightEnd(run: SearchRun, plan: SearchPlan) {
  return {
    end: run.allFailed ? 'failed' : run.response.partial ? 'partial' : 'complete',
    whole: {
      destinations: plan.codes.length,
      checked: plan.codes.length,
      failed: run.response.failed?.length ?? 0,
      resultsFound: run.resultsFound,
      totalFlights: run.totalFlights,
    },
    ...(run.response.over_budget && { overBudget: { retryAfterSeconds: run.response.over_budget.retry_after_seconds } }),
  } as const;
}

/**
 * What a streamed search tells the session it sent, code by code: a code answered at once from its observations and
 * then again when confirmed is one destination, its flights counted once (the most it was shown), checked when its
 * live answer came. A client that leaves after the answer at once has been sent results (decision 055).
 */
function deliveredCounter(sent: RunContextSent) {
  const shown = new Map<string, number>();
  return (code: string, flights: number, end: { checked: number; failed: number } = { checked: 0, failed: 0 }) => {
    const before = shown.get(code);
    const most = Math.max(before ?? 0, flights);
    shown.set(code, most);
    const results = (n: number | undefined) => (n !== undefined && n > 0 ? 1 : 0);
    sent({ ...end, resultsFound: results(most) - results(before), totalFlights: most - (before ?? 0) });
  };
}

/**
 * An outbound, single-route or inbound search (docs/product/search.md#search-api). With `answers`, a kept answer for
 * the same search and view is served instead of a run, settled as a fresh one would be. With `onGroup`, each
 * destination is handed on as it completes (the streamed answer) and counted as sent; with `onObserved` as well,
 * first from its observations when they are older than the fresh time (answer at once). With `live`, the airline is
 * asked even when a fresh answer is kept (the premium re-check).
 */
export function flightSearchRunner(
  search: FlightSearchService,
  plan: SearchPlan,
  opts: { answers?: AnswerCache; onGroup?: (g: GroupDone) => void; onObserved?: (g: GroupObserved) => void; live?: boolean } = {},
): SearchRunner<FlightAnswer> {
  const sp = plan.search_parameters;
  // Looked up once per search (the answer cache counts each lookup as a hit or a miss), whether the budget check or
  // the run asks first.
  let looked: { kept: CachedAnswer | undefined } | undefined;
  const keptFor = (caller: Caller) => (looked ??= { kept: opts.answers?.lookup(plan, caller) }).kept;
  return {
    // The log keeps the origin the traveller asked for; an inbound search names none ('Inbound to …' is display text).
    subject: { origin: plan.direction === 'inbound' ? null : sp.origin, destination: sp.destination, date: sp.date },
    planned: plan.codes.length,
    asksAirline: (caller) => !keptFor(caller),
    async run({ caller, gatewayCaller, signal, sent }) {
      const kept = keptFor(caller);
      if (kept) return { answer: { run: kept.run, kept }, cutShort: false, ...flightEnd(kept.run, plan) };
      const { onGroup, onObserved } = opts;
      const delivered = deliveredCounter(sent);
      const run = await search.run(plan, caller, {
        signal,
        gatewayCaller,
        live: opts.live,
        ...(onGroup && {
          onGroup: (g: GroupDone) => {
            onGroup(g);
            delivered(g.code, g.flights.length, { checked: 1, failed: g.failed ? 1 : 0 });
          },
        }),
        ...(onObserved && {
          onObserved: (g: GroupObserved) => {
            onObserved(g);
            delivered(g.code, g.flights.length);
          },
        }),
      });
      return { answer: { run }, cutShort: run.cutShort, ...flightEnd(run, plan) };
    },
  };
}
