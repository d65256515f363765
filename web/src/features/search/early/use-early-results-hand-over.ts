import { useEffect, useLayoutEffect } from 'react';
import { dismissEarlyResults } from './early-results';

/**
 * The results screen takes over from the boot script's early view (decision 326) once it shows anything: cards, an
 * error, or a finished search. Before the browser paints, so the two are never seen one after the other with a gap.
 */
export function useEarlyResultsHandOver(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown) dismissEarlyResults();
  }, [shown]);
}

/** How long the app leaves an early view it has not taken over in place (a link that opened on another page). */
const GRACE_MS = 3000;

/** The app's frame removes a left-over early view a moment after it has started, whatever page it shows. */
export function useEarlyResultsGrace(): void {
  useEffect(() => {
    const timer = window.setTimeout(dismissEarlyResults, GRACE_MS);
    return () => window.clearTimeout(timer);
  }, []);
}
