import { useSyncExternalStore } from 'react';
import { columnsForWidth } from './airport-options';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** How many picker cards fit one row at the current width (2, 3, 4 or 5). */
export function useGridColumns(): number {
  return useSyncExternalStore(
    subscribe,
    () => columnsForWidth(window.innerWidth),
    () => 2,
  );
}
