import { ERROR_CODES } from '@gowild/contract/errors';
import { SEARCH_MESSAGES, airlineShareMessage } from '@gowild/contract/flights';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import type { Caller, SearchEnd, SearchOutcome, SearchTicket } from '../accounts/accounts.module';
import type { GatewayCaller } from '../airline/airline.module';

/** What the traveller was sent of a search: destinations told about, of those failed, and with flights. */
type Delivered = Pick<SearchOutcome, 'checked' | 'failed' | 'resultsFound' | 'totalFlights'>;
const NOTHING_SENT: Delivered = { checked: 0, failed: 0, resultsFound: 0, totalFlights: 0 };

/** What the search log records of the search asked for. */
type SearchSubject = Pick<SearchOutcome, 'origin' | 'destination' | 'date'>;

/** What a runner is given for one run. */
export interface RunContext {
  /** The admitted caller: entitlements (seat counts) and, for the airline gateway, who is searching. */
  caller: Caller;
  /** The same caller as the airline gateway sees it (absent only for a caller with no account, whom the gate refuses). */
  gatewayCaller?: GatewayCaller;
  /** Fires when the client leaves or the app starts closing: schedule no more airline queries. */
  signal: AbortSignal;
  /** A streamed answer tells the session what it sent as it goes, so a search cut short is settled by it. */
  sent(part: Delivered): void;
}

/** A run that returned: how it ended had nothing stopped it, and what its whole answer holds. */
export interface SearchRan<A> {
  answer: A;
  /** The signal stopped it before every destination was checked. */
  cutShort: boolean;
  end: Extract<SearchEnd, 'complete' | 'partial' | 'failed'>;
  /** The whole answer, as the search log records it: destinations set out to check, and what was delivered. */
  whole: Delivered & { destinations: number };
  /** Some queries were not asked: the caller's airline share for this minute ran out (decision 117). */
  overBudget?: { retryAfterSeconds: number };
}

/**
 * One kind of paid search, as the session runs it: what the log names, how many destinations it sets out to check
 * before it runs, and the run itself. Outbound, inbound, single, streamed and hub searches are runners; so will be
 * searches served from stored sweeps, a destination x date grid or a round-trip planner.
 */
export interface SearchRunner<A> {
  subject: SearchSubject;
  /** Destinations known before the run (a hub search finds its hubs only as it runs: 0). */
  planned: number;
  /** False when this caller's answer is already kept and asks the airline nothing (no budget is checked). */
  asksAirline?(caller: Caller): boolean;
  run(ctx: RunContext): Promise<SearchRan<A>>;
}

const gatewayCallerOf = (caller: Caller): GatewayCaller | undefined =>
  caller.userId ? { userId: caller.userId, premium: caller.isPremium } : undefined;

/** How a search the session ran ended for its client: with its answer, or with a client that had already left. */
interface SessionEnd<A> {
  answer: A;
  /** The client left before the end: nothing more is sent. */
  abandoned: boolean;
}

const upstreamFailed = () => new HttpError(503, SEARCH_MESSAGES.upstreamUnavailable, ERROR_CODES.UPSTREAM_FAILED);
const serverRestarting = () => new HttpError(503, SEARCH_MESSAGES.serverRestarting, ERROR_CODES.SERVER_RESTARTING);
/** 429 with Retry-After: the caller's airline share for this minute is used up (decision 117). */
const overBudget = (retryAfterSeconds: number) => tooManyRequests(airlineShareMessage(retryAfterSeconds), retryAfterSeconds);

/** How much of a caller's airline share for this minute is left (the gateway's budget stage). */
type BudgetLeft = (caller: GatewayCaller) => Promise<{ left: number; retryAfterSeconds: number }>;

/**
 * The one path of every paid search (docs/decisions/110), once the search gate has admitted it and its input has
 * been read into a runner:
 * - run: the runner's airline queries stop when the client leaves (`gone`) or the app starts closing (`stopping`,
 *   decision 057); the gateway is told who is searching;
 * - settle the gate's ticket exactly once, which writes the search-log line and keeps or gives back the reserved
 *   search (decisions 055, 056, 100): a run that reached its end by how it ended and its whole answer; a search cut
 *   short by a shutdown (`interrupted`, then 503 SERVER_RESTARTING) or left by its client (`abandoned`) by what was
 *   sent before; a search that failed unexpectedly as `failed`, charging nothing, before the error goes on;
 * - every airline failure (`failed`) is 503 UPSTREAM_FAILED once settled, or 429 when the queries went unasked
 *   because the caller's airline share ran out; a search that would start with no share left is refused with 429
 *   before it runs (the admission gives its reservation back, decision 117);
 * - track: `close` waits for every open search to settle before the database goes.
 * Routes parse, admit, build a runner, call `run`, and write the answer.
 */
export function createSearchSession(deps: { stopping: AbortSignal; budgetLeft?: BudgetLeft }) {
  const { stopping, budgetLeft } = deps;
  const open = new Set<Promise<unknown>>();

  /** Keeps `work` in `open` until it ends. */
  function track<T>(work: Promise<T>): Promise<T> {
    const settled = work.catch(() => {});
    open.add(settled);
    void settled.finally(() => open.delete(settled));
    return work;
  }

  /** Refuses (429) a search that would ask the airline with the caller's share for this minute used up. */
  async function refuseOverBudget(ticket: SearchTicket, runner: SearchRunner<unknown>): Promise<void> {
    const gatewayCaller = gatewayCallerOf(ticket.caller);
    if (!gatewayCaller || !budgetLeft || runner.asksAirline?.(ticket.caller) === false) return;
    const share = await budgetLeft(gatewayCaller);
    if (share.left <= 0) throw overBudget(share.retryAfterSeconds);
  }

  async function runSettled<A>(ticket: SearchTicket, runner: SearchRunner<A>, gone: AbortSignal): Promise<SessionEnd<A>> {
    const sent: Delivered = { ...NOTHING_SENT };
    const settle = (end: SearchEnd, d: Delivered, destinations = runner.planned) =>
      ticket.settle({ ...runner.subject, end, destinations, ...d });
    const { caller } = ticket;
    const gatewayCaller = gatewayCallerOf(caller);
    await refuseOverBudget(ticket, runner);
    try {
      const ran = await runner.run({
        caller,
        ...(gatewayCaller ? { gatewayCaller } : {}),
        signal: AbortSignal.any([gone, stopping]),
        sent: (part) => {
          sent.checked += part.checked;
          sent.failed += part.failed;
          sent.resultsFound += part.resultsFound;
          sent.totalFlights += part.totalFlights;
        },
      });
      // Stopped before its end by a shutdown: the client gets the restart error and pays only for what it was sent.
      if (ran.cutShort && stopping.aborted) {
        await settle('interrupted', sent);
        throw serverRestarting();
      }
      // The client left: it counts only if it got results before it went.
      if (gone.aborted) {
        await settle('abandoned', sent);
        return { answer: ran.answer, abandoned: true };
      }
      await settle(ran.end, ran.whole, ran.whole.destinations);
      if (ran.end === 'failed') throw ran.overBudget ? overBudget(ran.overBudget.retryAfterSeconds) : upstreamFailed();
      return { answer: ran.answer, abandoned: false };
    } catch (err) {
      // A fault charges nothing and still leaves its log line (a search settled above stays as it was settled).
      await settle('failed', sent).catch(() => {});
      throw err;
    }
  }

  return {
    /**
     * Runs an admitted search to its end and settles its ticket; resolves with the answer, or rejects with the
     * HttpError its client gets (or the unexpected error, once the search is logged as failed).
     */
    run<A>(ticket: SearchTicket, runner: SearchRunner<A>, client: { gone: AbortSignal }): Promise<SessionEnd<A>> {
      return track(runSettled(ticket, runner, client.gone));
    },
    /**
     * The refusal `run` starts with, for a route that must know before it writes anything (a streamed answer sends
     * its status with the first byte); `run` asks again, which costs one read of the budget.
     */
    refuseOverBudget,
    /** Waits until every open search has settled (charge or refund, search log). */
    async close(): Promise<void> {
      await Promise.allSettled([...open]);
    },
  };
}
export type SearchSession = ReturnType<typeof createSearchSession>;
