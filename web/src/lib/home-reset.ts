import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Clicking Home while already on / resets the home search (docs/product/README.md#top-bar). The search page registers its
 * reset here; the top bar triggers it. One reset at a time: the latest registration wins.
 */
let current: (() => void) | null = null;

export function registerHomeReset(reset: () => void): () => void {
  current = reset;
  return () => {
    if (current === reset) current = null;
  };
}

/** Runs the registered reset; false when none is registered. */
export function triggerHomeReset(): boolean {
  if (!current) return false;
  current();
  return true;
}

/** Registers `reset` while the calling component is mounted (the latest function is always the one called). */
export function useRegisterHomeReset(reset: () => void): void {
  const latest = useRef(reset);
  useLayoutEffect(() => {
    latest.current = reset;
  });
  useEffect(() => registerHomeReset(() => latest.current()), []);
}
