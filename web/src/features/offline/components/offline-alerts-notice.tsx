import { formatDayTime } from '@gowild/contract/date-labels';
import { Notice } from '@/components/ui/notice';
import { useOfflineState } from '@/lib/offline/offline-state';
import { useOnline } from '../hooks/use-online';

/** The words of /notifications offline (docs/product/offline.md#alerts-offline). */
export const ALERTS_OFFLINE_TEXTS = {
  title: 'Alerts need a connection.',
  saved: (at: string) => `Your alerts as saved on ${at}. Creating or deleting an alert waits until you are back online.`,
  nothingKept: 'No list of your alerts is kept on this device yet: it shows here once you have opened this page online.',
} as const;

/**
 * On /notifications with no network: alerts are made, checked and deleted on the server, so say so, and whether the
 * list below is the one this session last saw (and when) or there is none kept.
 */
export function OfflineAlertsNotice() {
  const online = useOnline();
  const { answeredAt } = useOfflineState();
  if (online) return null;
  // The list on show: a kept copy's saved time, or when it came from the network before the connection went.
  const savedAt = answeredAt['/api/notifications'];
  return (
    <div className="mb-6" data-testid="alerts-offline">
      <Notice tone="warning" title={ALERTS_OFFLINE_TEXTS.title} role="status">
        {savedAt ? ALERTS_OFFLINE_TEXTS.saved(formatDayTime(savedAt, { year: true }) ?? savedAt) : ALERTS_OFFLINE_TEXTS.nothingKept}
      </Notice>
    </div>
  );
}
