import { type Admission, createCircuitBreaker } from '../../../lib/upstream/circuit-breaker';
import { createFailureWindow } from '../../../lib/upstream/failure-window';
import type { AirlineMetrics } from '../airline.metrics';
import { type AttemptResult, type Send, type UpstreamRequest, isThrottle } from '../gateway-types';
import type { SharedUpstream } from '../shared-upstream';

interface BreakerStageOptions {
  threshold: number;
  cooldownMs: number;
  /** A probe's longest run (the attempt time-out): how long another process's trial is watched. */
  timeoutMs: number;
  metrics: AirlineMetrics;
  monotonic: () => number;
  sleep: (ms: number) => Promise<void>;
  stopping?: AbortSignal;
  /** The breaker shared with the other API processes (decision 060); without it, per process. */
  shared?: SharedUpstream;
  pollMs: number;
  syncMs: number;
  /** Attempts under way whose site has begun answering (decision 220): counted as going well by `failingTogether`. */
  answering?: () => number;
}

/** What an attempt tells the breaker: only bot blocks count against the airline; back-pressure and errors do not. */
const verdictOf = (r: AttemptResult): 'success' | 'block' | 'neutral' =>
  r.kind === 'flights' ? 'success' : r.kind === 'blocked' && !isThrottle(r) ? 'block' : 'neutral';

/** What an attempt says of whether the airline is failing: 5xx, time-outs and dropped connections fail; answers do not. */
const failureOf = (r: AttemptResult): boolean | undefined =>
  r.kind === 'flights' ? false : r.kind === 'server-error' || r.kind === 'timeout' || r.kind === 'network-error' ? true : undefined;

/**
 * The circuit breaker on sustained bot blocks (decisions 012, 058, 060), shared with the other processes when there
 * is a store: a half-open breaker lets one trial through (across processes) while every other request waits for
 * its outcome. It also watches whether failures come together (decision 162): the retries back off only then.
 */
export function createGatewayBreaker(opts: BreakerStageOptions) {
  const { metrics, monotonic, shared } = opts;
  const breakerValue = { closed: 0, 'half-open': 1, open: 2 } as const;
  const breaker = createCircuitBreaker(opts.threshold, opts.cooldownMs, monotonic, (s) => metrics.breakerState.set(breakerValue[s]));
  metrics.breakerState.set(0);
  const failures = createFailureWindow();
  let lastSync = -Infinity;
  /** The shared store knows about this process's open breaker (it wrote it, or took it from there). */
  let sharedKnowsOpen = false;
  /** This process's probe also holds the shared trial. */
  let probeIsShared = false;
  /** Another process holds the shared trial: one request of ours watches it (the others wait on the local probe). */
  let watchingRemoteProbe = false;

  async function publishOpen() {
    if (!shared) return;
    sharedKnowsOpen = await shared.openBreaker(opts.cooldownMs);
    if (!sharedKnowsOpen) metrics.sharedUnavailable.inc();
  }

  /** Takes on the shared breaker's state, read at most every `syncMs`. */
  async function syncBreaker() {
    if (!shared || monotonic() - lastSync < opts.syncMs) return;
    lastSync = monotonic();
    const view = await shared.readBreaker();
    if (!view) return void metrics.sharedUnavailable.inc();
    const local = breaker.state();
    if (view.state === 'closed') {
      if (local === 'closed') return;
      if (sharedKnowsOpen) {
        // Another process's probe succeeded.
        sharedKnowsOpen = false;
        breaker.adopt('closed');
      } else await publishOpen();
    } else {
      sharedKnowsOpen = true;
      if (view.state === 'open') breaker.adopt('open', view.remainingMs);
      else if (local === 'open') breaker.adopt('half-open');
    }
  }

  /**
   * One request's admission. 'wait': wait for this process's probe (`breaker.settled()`) and ask again; 'watch':
   * another process holds the trial, so this request watches it for the others (`watchRemoteProbe`).
   */
  async function admit(): Promise<Admission | 'watch'> {
    await syncBreaker();
    const a = breaker.admit();
    if (a !== 'probe' || !shared) return a;
    const mine = await shared.claimProbe(opts.timeoutMs + 1000);
    if (mine === undefined) metrics.sharedUnavailable.inc();
    probeIsShared = mine === true;
    // Another process holds the trial: this request keeps our local turn and watches theirs.
    return mine === false ? 'watch' : 'probe';
  }

  /** Polls the shared breaker until the other process's probe has an outcome, then hands it to our waiting requests. */
  async function watchRemoteProbe() {
    watchingRemoteProbe = true;
    try {
      for (const deadline = monotonic() + opts.timeoutMs + 1000 + opts.pollMs; monotonic() < deadline;) {
        await opts.sleep(opts.pollMs);
        const view = await shared?.readBreaker();
        if (view?.state === 'closed') return breaker.adopt('closed');
        if (view?.state === 'open') return breaker.adopt('open', view.remainingMs);
        // Unknown (store down), or the trial ended with no verdict or its process died: the next request tries.
        if (!view || !view.probing) break;
      }
      breaker.record('neutral', true);
    } finally {
      watchingRemoteProbe = false;
    }
  }

  async function recordOutcome(result: 'success' | 'block' | 'neutral', wasProbe: boolean) {
    const before = breaker.state();
    breaker.record(result, wasProbe);
    if (!shared) return;
    const after = breaker.state();
    if (wasProbe && probeIsShared) {
      probeIsShared = false;
      if (after === 'closed') {
        sharedKnowsOpen = false;
        if (!(await shared.closeBreaker())) metrics.sharedUnavailable.inc();
      } else if (after === 'open') await publishOpen();
      else await shared.releaseProbe();
    } else if (after === 'open' && before !== 'open') await publishOpen();
  }

  /** The breaker's leave: 'pass', 'probe' (the trial), or 'reject' (open). */
  async function admitted(): Promise<'pass' | 'probe' | 'reject'> {
    for (;;) {
      const a = await admit();
      if (a === 'pass' || a === 'probe' || a === 'reject') return a;
      if (a === 'watch') await watchRemoteProbe();
      else await breaker.settled();
    }
  }

  return {
    state: () => breaker.state(),
    /** Closed, and this process is not watching another's trial: a hedge would not load a failing airline. */
    calm: () => breaker.state() === 'closed' && !watchingRemoteProbe,
    /** Most recent attempts failed (5xx, time-outs, dropped connections): the airline is failing, not one request. */
    failingTogether: () => failures.together(opts.answering?.() ?? 0),
    /** The breaker stage: admission before the attempt, the attempt's verdict after it. */
    stage(next: Send) {
      return async (req: UpstreamRequest): Promise<AttemptResult | { kind: 'breaker-open' }> => {
        const pass = await admitted();
        if (pass === 'reject') {
          metrics.breakerRejections.inc();
          return { kind: 'breaker-open' };
        }
        const result = await next(req, pass === 'probe');
        // Aborted for the shutdown: not held against the airline.
        await recordOutcome(opts.stopping?.aborted ? 'neutral' : verdictOf(result), pass === 'probe');
        const failure = opts.stopping?.aborted ? undefined : failureOf(result);
        if (failure !== undefined) failures.record(failure, result.kind === 'timeout' && result.early === true);
        return result;
      };
    },
  };
}
export type GatewayBreaker = ReturnType<typeof createGatewayBreaker>;
export type Guarded = ReturnType<GatewayBreaker['stage']>;
