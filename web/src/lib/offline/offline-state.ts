import { useSyncExternalStore } from 'react';
import { SAVED_AT_HEADER, isKeptScreen } from '@/sw/saved-screens';

/**
 * What the page knows of the service worker (docs/product/offline.md): whether the screen on show came from a saved
 * copy (and when it was saved), and whether a new version of the app is waiting to take over.
 */
export interface OfflineState {
  /** When the last kept screen the page read was saved; null when it came from the network. */
  savedAt: string | null;
  /** A new version is installed and waits for the traveller's go-ahead to reload. */
  updateReady: boolean;
}

let state: OfflineState = { savedAt: null, updateReady: false };
const listeners = new Set<() => void>();

function set(next: Partial<OfflineState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Called for every answer the API client reads: a kept screen says whether it came from the network or a saved copy. */
export function noteAnswer(method: string, response: Response): void {
  if (!response.url || !isKeptScreen(method, new URL(response.url), window.location.origin)) return;
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  if (savedAt !== state.savedAt) set({ savedAt });
}

export function noteUpdateReady(): void {
  set({ updateReady: true });
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
