export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * Circuit breaker for bot blocks: `threshold` blocks in a row open it; after `cooldownMs` one probe goes through;
 * a good probe closes it, a blocked probe opens it again. Errors that are not blocks neither open nor close it.
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
  const set = (s: BreakerState) => {
    if (s !== state) {
      state = s;
      onChange(s);
    }
  };
  const current = (): BreakerState => {
    if (state === 'open' && now() - openedAt >= cooldownMs) {
      probing = false;
      set('half-open');
    }
    return state;
  };
  const open = () => {
    openedAt = now();
    probing = false;
    set('open');
  };
  return {
    state: current,
    /** 'pass' in normal operation, 'probe' for the single trial request, 'reject' while open. */
    admit(): 'pass' | 'probe' | 'reject' {
      const s = current();
      if (s === 'closed') return 'pass';
      if (s === 'half-open' && !probing) {
        probing = true;
        return 'probe';
      }
      return 'reject';
    },
    record(result: 'success' | 'block' | 'neutral', wasProbe: boolean) {
      if (result === 'success') {
        consecutiveBlocks = 0;
        if (wasProbe) set('closed');
      } else if (result === 'block') {
        consecutiveBlocks++;
        if (wasProbe || (state === 'closed' && consecutiveBlocks >= threshold)) open();
      } else if (wasProbe) {
        probing = false;
      }
    },
  };
}
