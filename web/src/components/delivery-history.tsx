import { formatDayTime } from '@gowild/contract/date-labels';
import type { DigestDelivery } from '@gowild/contract/digest';
import { ALERT_CHANNEL_LABELS, type AlertDelivery, CHANNEL_MESSAGES, deliveryStatusText } from '@gowild/contract/notifications';

/** An alert's message or a digest (docs/product/digest.md#delivery-history): the history shows both alike. */
export type HistoryDelivery = AlertDelivery | DigestDelivery;

const KIND_LABELS: Record<HistoryDelivery['kind'], string> = {
  confirmation: 'Confirmation',
  match: 'Fare found',
  window_open: 'GoWild opened',
  test: 'Test',
  digest: 'Digest',
};
const STATUS_STYLES: Record<HistoryDelivery['status'], string> = {
  delivered: 'text-green-800',
  pending: 'text-slate-600',
  retrying: 'text-amber-800',
  failed: 'text-red-700',
};

const when = (iso: string) => formatDayTime(iso) ?? iso;

/**
 * One alert's delivery history (docs/product/alerts.md#delivery-history): each message on each channel target, when
 * it was queued, and whether it arrived (delivered, retried n times, failed with the reason). Also on /admin.
 */
export function DeliveryHistory({
  deliveries,
  open,
  title = 'Delivery history',
}: {
  deliveries: HistoryDelivery[] | undefined;
  open?: boolean;
  title?: string;
}) {
  if (!deliveries) return null;
  return (
    <details className="mt-3 text-sm" data-testid="delivery-history" open={open}>
      <summary className="cursor-pointer font-medium text-slate-700">
        {title} ({deliveries.length})
      </summary>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-slate-600">{CHANNEL_MESSAGES.historyEmpty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {deliveries.map((d) => (
            <li key={d.id} className="rounded-lg bg-slate-50 px-3 py-2" data-testid="delivery">
              <p className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium text-slate-900">
                  {KIND_LABELS[d.kind]} · {ALERT_CHANNEL_LABELS[d.channel]}
                </span>
                <time className="text-xs text-slate-500" dateTime={d.created_at}>
                  {when(d.delivered_at ?? d.failed_at ?? d.created_at)}
                </time>
              </p>
              <p className="text-xs break-all text-slate-600">{d.target_label}</p>
              <p className={`text-xs font-medium break-words ${STATUS_STYLES[d.status]}`} data-testid="delivery-status">
                {deliveryStatusText(d)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
