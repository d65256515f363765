import type { MalformedFlight } from '../../../providers/flights/flights.provider';
import type { Lookup, UpstreamOutcome, UpstreamRequest } from '../gateway-types';
import type { Guarded } from './breaker';

interface RetryStageOptions {
  /** Extra attempts after a 5xx, a time-out or a dropped connection, or after a 429 once Retry-After has passed. */
  retries: number;
  /** The wait before retry number n (lib/upstream/backoff.ts), used only while failures come together. */
  backoff: (retry: number) => number;
  /** Most recent attempts failed: the airline is failing as a whole (the breaker stage's window, decision 162). */
  failingTogether: () => boolean;
  /**
   * The last-chance budget (decision 162): a query whose retries all failed gets up to as many again, one per whole
   * token; it grows by this much per query (up to 10), so last chances stay near that share of the queries.
   */
  lastChanceBudget: number;
  /** Longest Retry-After a query waits for before giving up. */
  maxRetryAfterMs: number;
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  stopping?: AbortSignal;
  /** Flights of an answer that did not read and were left out. */
  noteMalformed: (key: string, malformed: MalformedFlight[]) => void;
}

const SHUTDOWN: UpstreamOutcome = { ok: false, reason: 'shutdown' };

/**
 * The retry stage: bounded retries for 5xx, time-outs and dropped connections only (decision 162). A failure on its
 * own is retried at once (a fresh attempt is as likely to succeed as any); while failures come together (most
 * recent attempts failed) each retry waits a jittered, growing back-off. A traveller's query whose retries are spent
 * gets last chances (up to as many again), at once, while the last-chance budget allows and failures do not come
 * together: every destination answered when the airline is flaky, no storm when it is down. After a 429 the
 * retry waits for Retry-After (the pace holds everyone for it). Blocks and unreadable pages are not retried; a
 * shutdown neither retries nor starts anything.
 */
export function retryStage(send: Guarded, opts: RetryStageOptions): Lookup {
  let lastChances = 10;
  /**
   * One more attempt for a query with `tries` failed retries behind it, if any is left. Last chances are for a
   * traveller's query (someone waits on the page), and none when the operator turned retries off.
   */
  const mayRetry = (req: UpstreamRequest, tries: number) => {
    if (tries < opts.retries) return true;
    if (tries >= 2 * opts.retries || req.lane !== 'traveller') return false;
    if (lastChances < 1 || opts.failingTogether()) return false;
    lastChances -= 1;
    return true;
  };
  return async (req) => {
    lastChances = Math.min(10, lastChances + opts.lastChanceBudget);
    // Each attempt may be hedged once (a hang is cut at the p95, not at the time-out, on a retry too).
    const hedges = req.hedges;
    for (let tries = 0; ; tries++) {
      if (opts.stopping?.aborted) return SHUTDOWN;
      req.hedges = hedges;
      const result = await send(req);
      if (result.kind === 'breaker-open') return { ok: false, reason: 'breaker-open' };
      if (opts.stopping?.aborted) return SHUTDOWN;
      const canRetry = tries < opts.retries;
      switch (result.kind) {
        case 'flights': {
          const malformed = result.malformed ?? [];
          if (malformed.length > 0) opts.noteMalformed(req.key, malformed);
          const ribbon = result.ribbon && result.ribbon.length > 0 ? { ribbon: result.ribbon } : {};
          return { ok: true, flights: result.flights, dropped: malformed.length, ...ribbon };
        }
        case 'blocked': {
          if (result.reason !== 'throttled' && result.reason !== 'not-acceptable')
            return { ok: false, reason: 'blocked', detail: `${result.status} ${result.reason}` };
          const waitMs = result.retryAfterMs ?? 1000;
          if (canRetry && waitMs <= opts.maxRetryAfterMs) continue;
          return { ok: false, reason: 'throttled', detail: `${result.status}, retry after ${Math.ceil(waitMs / 1000)} s` };
        }
        case 'server-error':
        case 'timeout':
        case 'network-error':
        case 'cancelled': {
          if (mayRetry(req, tries)) {
            if (opts.failingTogether()) await opts.sleep(opts.backoff(Math.min(tries, opts.retries - 1)));
            continue;
          }
          const detail =
            result.kind === 'server-error'
              ? `HTTP ${result.status}`
              : result.kind === 'network-error'
                ? result.detail
                : `no answer in ${opts.timeoutMs} ms`;
          return { ok: false, reason: result.kind === 'cancelled' ? 'timeout' : result.kind, detail };
        }
        default:
          return { ok: false, reason: result.kind, detail: result.kind === 'page-changed' ? result.detail : `HTTP ${result.status}` };
      }
    }
  };
}
