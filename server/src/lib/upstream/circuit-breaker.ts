export type BreakerState = 'closed' | 'open' | 'half-open';

/** What a request may do now: go, go as the single trial request, fail at once, or wait for the trial's outcome. */
export type Admission = 'pass' | 'probe' | 'reject' | 'wait';

/**
 * Circuit breaker for bot blocks (decisions 012 and 058): `threshold` blocks in a row open it; after `cooldownMs`
 * one probe goes through while every other request waits for the probe's outcome (`settled()`), never failing at
 * once; a good probe closes it and the waiting requests proceed, a blocked probe opens it again and they fail as
 * breaker-open. Errors that are not blocks (5xx, time-outs, throttling) neither open nor close it; a probe that
 * ends in one hands the trial to the next request.
 */
export function createCircuitBreaker(
  threshold: number,
  cooldownMs: number,
  now: () => number,
  onChange: (s: BreakerState) => void = () => {},
) {
  let state: BreakerState = 'closed';
  let consecutiveBlocks = 0;
  let openedAt = 0;
  let probing = false;
  /** Resolved when the probe in flight has an outcome; the requests waiting behind it then ask again. */
  let probeDone: { promise: Promise<void>; resolve: () => void } | undefined;
  const settleProbe = () => {
    probing = false;
    probeDone?.resolve();
    probeDone = undefined;
  };
  const set = (s: BreakerState) => {
    if (s !== state) {
      state = s;
      onChange(s);
    }
  };
  const current = (): BreakerState => {
    if (state === 'open' && now() - openedAt >= cooldownMs) {
      settleProbe();
      set('half-open');
    }
    return state;
  };
  const open = (at = now()) => {
    openedAt = at;
    settleProbe();
    set('open');
  };
  return {
    state: current,
    /** When the breaker is (or was) open: monotonic ms it opened at. */
    openedAt: () => openedAt,
    admit(): Admission {
      const s = current();
      if (s === 'closed') return 'pass';
      if (s === 'open') return 'reject';
      if (probing) return 'wait';
      probing = true;
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      probeDone = { promise, resolve };
      return 'probe';
    },
    /** Resolves when the probe in flight has an outcome (at once when there is none). */
    settled(): Promise<void> {
      return probeDone?.promise ?? Promise.resolve();
    },
    record(result: 'success' | 'block' | 'neutral', wasProbe: boolean) {
      if (result === 'success') {
        consecutiveBlocks = 0;
        if (wasProbe) {
          set('closed');
          settleProbe();
        }
      } else if (result === 'block') {
        consecutiveBlocks++;
        if (wasProbe || (state === 'closed' && consecutiveBlocks >= threshold)) open();
      } else if (wasProbe) {
        settleProbe();
      }
    },
    /**
     * Takes on a state another process decided (decision 060): open with `remainingMs` of cooldown left, half-open,
     * or closed. A probe of this process that is in flight keeps its turn.
     */
    adopt(shared: BreakerState, remainingMs = 0) {
      if (shared === 'open') {
        if (state !== 'open') open(now() - Math.max(0, cooldownMs - remainingMs));
      } else if (shared === 'half-open') {
        if (state !== 'half-open') {
          if (state === 'open') openedAt = now() - cooldownMs;
          if (state === 'closed') {
            settleProbe();
            set('half-open');
          } else current();
        }
      } else if (state !== 'closed') {
        consecutiveBlocks = 0;
        set('closed');
        settleProbe();
      }
    },
  };
}
