import { describeConnectionError } from './connection-errors';

/** `starting` until the first connection succeeds or fails; then `up` or `down` as connections come and go. */
export type DependencyState = 'starting' | 'up' | 'down';

export interface DependencyChange {
  name: string;
  state: 'up' | 'down';
  previous: DependencyState;
  /** Why it went down, as one short line. */
  reason?: string;
}

/**
 * Whether an outside dependency (the database, Redis) is reachable, as its client sees connections open and break.
 * Listeners hear each change once, not each failed request, so a log gets one line when it goes and one when it
 * comes back (the health module writes them).
 */
export interface DependencyStatus {
  readonly name: string;
  state(): DependencyState;
  isUp(): boolean;
  markUp(): void;
  markDown(reason: unknown): void;
  /** Calls `listener` on each change; at once too when the dependency is already down. Returns the unsubscribe. */
  onChange(listener: (change: DependencyChange) => void): () => void;
}

export function createDependencyStatus(name: string, initial: DependencyState = 'starting'): DependencyStatus {
  let state: DependencyState = initial;
  let reason: string | undefined;
  const listeners = new Set<(change: DependencyChange) => void>();
  const emit = (change: DependencyChange) => {
    for (const l of listeners) l(change);
  };
  return {
    name,
    state: () => state,
    isUp: () => state === 'up',
    markUp() {
      if (state === 'up') return;
      const previous = state;
      state = 'up';
      reason = undefined;
      emit({ name, state: 'up', previous });
    },
    markDown(cause) {
      if (state === 'down') return;
      const previous = state;
      state = 'down';
      reason = typeof cause === 'string' ? cause : describeConnectionError(cause);
      emit({ name, state: 'down', previous, reason });
    },
    onChange(listener) {
      listeners.add(listener);
      if (state === 'down') listener({ name, state: 'down', previous: 'starting', reason });
      return () => void listeners.delete(listener);
    },
  };
}
