import { formatDayTime } from '@gowild/contract/date-labels';
import { useEffect } from 'react';
import { Notice } from '@/components/ui/notice';
import { useOfflineState } from '@/lib/offline/offline-state';
import { reloadWhenReachable } from '@/lib/offline/reach-again';
import { useOnline } from '../hooks/use-online';

/** What cannot be done without a network, in the banner's words (docs/product/offline.md). */
export const NEEDS_CONNECTION = 'New searches, alerts, checkout and signing in need a connection.';

/** 'Saved on Nov 24, 2026, 9:41 PM' in the reader's own zone. */
export function savedOnLabel(savedAt: string): string {
  return `Saved on ${formatDayTime(savedAt, { year: true }) ?? savedAt}`;
}

/**
 * The line under the top bar when the app has no network, or shows a screen saved for offline use: when that screen
 * was saved, and what needs a connection. Online with a saved screen on show, the page reloads as soon as the server
 * answers, so a fresh screen replaces it (lib/offline/reach-again.ts).
 */
export function OfflineBanner() {
  const online = useOnline();
  const { savedAt } = useOfflineState();

  useEffect(() => {
    if (online && savedAt) return reloadWhenReachable();
  }, [online, savedAt]);

  if (online && !savedAt) return null;
  const title = savedAt ? `${savedOnLabel(savedAt)}; you are offline.` : 'You are offline.';
  const body = savedAt
    ? NEEDS_CONNECTION
    : `Screens you opened before are kept on this device and open without a connection. ${NEEDS_CONNECTION}`;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-3" data-testid="offline-banner">
      <Notice tone="warning" title={title} role="status">
        {body}
      </Notice>
    </div>
  );
}
