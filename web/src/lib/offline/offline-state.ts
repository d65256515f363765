import { useSyncExternalStore } from 'react';
import { tokenStorage } from '@/lib/token-storage';
import { SAVED_AT_HEADER, isKeptScreen } from '@/sw/saved-screens';
import { keepUncontrolledAnswer } from './keep-first-answers';
import { noteNetworkAnswer } from './reach-again';

/**
 * What the page knows of the service worker (docs/product/offline.md): whether the screen on show came from a saved
 * copy (and when it was saved), and whether a new version of the app is waiting to take over.
 */
export interface OfflineState {
  /** When the last kept screen the page read was saved; null when it came from the network. */
  savedAt: string | null;
  /** A new version is installed and waits for the traveller's go-ahead to reload. */
  updateReady: boolean;
  /**
   * Per kept API path (`/api/notifications`), when the answer on show was saved: its saved time when it came from a
   * kept copy, else the moment it came from the network (the worker keeps it then). Absent: nothing read yet.
   */
  answeredAt: Readonly<Record<string, string>>;
}

let state: OfflineState = { savedAt: null, updateReady: false, answeredAt: {} };
const listeners = new Set<() => void>();

function set(next: Partial<OfflineState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Called for every answer the API client reads: a kept screen says whether it came from the network or a saved copy. */
export function noteAnswer(method: string, response: Response): void {
  if (!response.url || !isKeptScreen(method, new URL(response.url), window.location.origin)) return;
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  const path = new URL(response.url).pathname;
  // Production only, where the service worker registers: before it controls the page, the page keeps the answer.
  if (import.meta.env.PROD && 'serviceWorker' in navigator)
    void keepUncontrolledAnswer(method, response, {
      controlled: navigator.serviceWorker.controller !== null,
      storage: typeof caches === 'undefined' ? undefined : caches,
      token: tokenStorage.get(),
      now: () => new Date(),
    });
  if (!savedAt) noteNetworkAnswer();
  set({ savedAt, answeredAt: { ...state.answeredAt, [path]: savedAt ?? new Date().toISOString() } });
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
