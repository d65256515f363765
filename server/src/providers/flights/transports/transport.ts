import { createBackoffHold } from '../../../lib/upstream/backoff';
import type { BlockReason } from '../flights.provider';
import type { RequestKind } from './browser-identity';

/**
 * How airline requests reach the site (FRONTIER_TRANSPORT; docs/product/providers.md#transports, decision 165). The
 * adapter asks for a page and reads it; the transport carries it, and hears back whether the page was a block.
 */
export const FRONTIER_TRANSPORTS = ['direct', 'proxy', 'scraper-api', 'browser'] as const;
export type TransportName = (typeof FRONTIER_TRANSPORTS)[number];

export interface PageRequest {
  url: URL;
  /**
   * `document`: a page a browser navigates to (InternalSelect and its redirect); `data`: a JSON call the site's own
   * scripts make from a page (GetMarkets, RetrieveSchedule). Each goes with the headers Chrome sends for it. When
   * not given: `data` if `accept` names no HTML, else `document`.
   */
  kind?: RequestKind;
  /** The Accept header, when not the one Chrome sends for the kind. */
  accept?: string;
  signal: AbortSignal;
  /**
   * Called once, when the first HTTP answer of this page arrives (the first hop's headers, a redirect included); a
   * transport that cannot see the hops (a scraping service, a browser page) does not call it (decision 220).
   */
  onFirstAnswer?: () => void;
}

/** The final answer for one page, after the redirects the transport followed. */
export interface PageAnswer {
  status: number;
  /** The answer's Retry-After header, if any. */
  retryAfter: string | null;
  body: string;
  /** The answer's Content-Type, if any (kept with an unreadable page). */
  contentType: string | null;
  /** Where the final answer came from, when the transport can tell (a scraping service cannot: then the asked URL). */
  url: URL;
  redirected: boolean;
  /** From the first byte sent to the last byte read, including redirects. */
  ms: number;
  /** Which of the transport's exits carried it (a proxy, a browser page), handed back with `report`. */
  exit: number;
}

/** What kind of request a page is, as said or as its Accept header tells. */
export function pageKind(req: Pick<PageRequest, 'kind' | 'accept'>): RequestKind {
  return req.kind ?? (req.accept && !/text\/html/.test(req.accept) ? 'data' : 'document');
}

/**
 * Settles as `promise` does, or rejects when `signal` aborts first. The work behind the promise goes on (others may
 * wait for it), and its failure is still handled.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    const settled = () => signal.removeEventListener('abort', onAbort);
    promise.then(
      (v) => (settled(), resolve(v)),
      (e: unknown) => (settled(), reject(e)),
    );
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

export type PageResult = { kind: 'answer'; answer: PageAnswer } | { kind: 'redirect-loop'; hops: number };

export interface FrontierTransport {
  readonly name: TransportName;
  /** Fetches a page, following redirects with the cookies of every answer as a browser does. Rejects when no answer came. */
  fetchPage(req: PageRequest): Promise<PageResult>;
  /**
   * The adapter's reading of an answer: a block (bot page, 429, 406), on which the transport backs off and cools
   * that exit down, or `null` (any other answer), which ends a run of blocks.
   */
  report(answer: PageAnswer, block: BlockReason | null): void;
  close(): Promise<void>;
}

/** Longest hold after blocks in a row, whatever FRONTIER_BLOCK_BACKOFF_MS says. */
export const MAX_BLOCK_BACKOFF_MS = 120_000;

/**
 * The back-off after blocks: each block in a row doubles the pause (from `baseMs`, up to `maxMs`) during which the
 * exit sends nothing; any other answer ends the run (the pause under way still runs out). lib/upstream's hold, named
 * for the airline's blocks.
 */
export function createBlockBackoff(baseMs: number, maxMs = MAX_BLOCK_BACKOFF_MS, now: () => number = () => performance.now()) {
  const hold = createBackoffHold(baseMs, maxMs, now);
  return { blocked: hold.failed, ok: hold.ok, remaining: hold.remaining, ready: hold.ready };
}
export type BlockBackoff = ReturnType<typeof createBlockBackoff>;
