import { formatDayShort, formatDayTime } from '@gowild/contract/date-labels';
import { formatPrice } from '@gowild/contract/money';
import { formatMediumDate } from '@gowild/contract/dates';
import {
  ALERT_CHANNEL_LABELS,
  ALERT_MESSAGES,
  type AlertDelivery,
  MAX_ACTIVE_ALERTS,
  type Notification,
  alertStatus,
} from '@gowild/contract/notifications';
import { WINDOW_ALERT_TEXTS, windowAlertStatus } from '@gowild/contract/window-alerts';
import { WIDER_ALERT_TEXTS, chainRoute, widerAlertStatus } from '@gowild/contract/wider-alerts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast/toast-store';
import { alertErrorText } from '../api/create-notification';
import { useDeleteNotification } from '../api/delete-notification';
import { DeliveryHistory } from '@/components/delivery-history';

/** The wider kinds' names on the list (docs/product/alerts.md#kinds-of-alert). */
const WIDER_LABELS = {
  origin_wide: WIDER_ALERT_TEXTS.originWideLabel,
  seats: WIDER_ALERT_TEXTS.seatsLabel,
  chain: WIDER_ALERT_TEXTS.chainLabel,
} as const;

export interface NotificationListProps {
  notifications: readonly Notification[] | undefined;
  isPending: boolean;
  /** The load failed: 'Failed to load notifications' with a retry. */
  loadError: unknown;
  onRetry: () => void;
  showCompleted: boolean;
  onShowCompletedChange: (show: boolean) => void;
  /** 'Denver, CO (DEN)' for a code, when the airports list knows it. */
  nameOf: (code: string) => string | null;
  /** An alert's delivery history, once loaded. */
  deliveriesOf?: (id: string) => AlertDelivery[] | undefined;
}

/** Active, not completed: the alerts the limit of 3 counts (docs/product/alerts.md#limits). */
export function countActiveAlerts(notifications: readonly Notification[] | undefined): number {
  return (notifications ?? []).filter((n) => n.is_active && !n.is_completed).length;
}

/** Newest first, whatever order the server used. */
export function newestFirst(notifications: readonly Notification[]): Notification[] {
  return [...notifications].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

const STATUS_STYLES: Record<string, string> = {
  Active: 'bg-emerald-100 text-emerald-900',
  Inactive: 'bg-slate-200 text-slate-800',
  'Date Passed': 'bg-slate-200 text-slate-800',
  Waiting: 'bg-sky-100 text-sky-900',
  [WINDOW_ALERT_TEXTS.notOffered]: 'bg-slate-200 text-slate-800',
};
const FOUND_STYLE = 'bg-amber-100 text-amber-950';

/** The user's alerts (docs/product/alerts.md#notifications-page, #alert-status) with the 'Show completed' toggle. */
export function NotificationList(props: NotificationListProps) {
  const { notifications, showCompleted } = props;
  const ids = useId();
  const remove = useDeleteNotification();
  const active = countActiveAlerts(notifications);

  const onDelete = (n: Notification) => {
    if (!window.confirm(ALERT_MESSAGES.confirmDelete)) return;
    remove.mutate(n.id, {
      onSuccess: () => showToast({ type: 'success', title: ALERT_MESSAGES.deleted }),
      onError: (error) => showToast({ type: 'error', title: 'Error', message: alertErrorText(error, ALERT_MESSAGES.deleteFailed) }),
    });
  };

  let body;
  if (props.loadError && !notifications) {
    body = (
      <Notice
        tone="error"
        title={ALERT_MESSAGES.loadFailed}
        action={
          <Button variant="secondary" size="sm" onClick={props.onRetry}>
            Try again
          </Button>
        }
      />
    );
  } else if (!notifications) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label="Loading your alerts" />
      </div>
    );
  } else if (notifications.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        {showCompleted ? 'You have no alerts yet.' : 'No active alerts. Create one to hear when a fare drops to your price.'}
      </p>
    );
  } else {
    body = (
      <ul className="space-y-3" aria-labelledby={`${ids}-title`}>
        {newestFirst(notifications).map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            nameOf={props.nameOf}
            onDelete={() => onDelete(n)}
            deleting={remove.isPending && remove.variables === n.id}
            deliveries={props.deliveriesOf?.(n.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
          Your alerts
        </h2>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            role="switch"
            checked={showCompleted}
            onChange={(e) => props.onShowCompletedChange(e.target.checked)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="relative h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
          />
          Show completed
        </label>
      </div>
      <p className="mt-1 mb-3 text-sm text-slate-600" data-testid="active-count">
        {notifications ? `${active} of ${MAX_ACTIVE_ALERTS} active alerts` : '\u00a0'}
      </p>
      <div aria-busy={props.isPending || undefined}>{body}</div>
    </section>
  );
}

function NotificationItem({
  notification: n,
  nameOf,
  onDelete,
  deleting,
  deliveries,
}: {
  notification: Notification;
  nameOf: (code: string) => string | null;
  onDelete: () => void;
  deleting: boolean;
  deliveries: AlertDelivery[] | undefined;
}) {
  const windowAlert = n.kind === 'window_open';
  const wider = n.kind === 'origin_wide' || n.kind === 'seats' || n.kind === 'chain';
  const status = widerAlertStatus(n) ?? (windowAlert ? windowAlertStatus(n) : alertStatus(n));
  const opens = windowAlert && n.opens_at ? formatDayTime(n.opens_at) : null;
  const route =
    n.kind === 'chain' && n.legs
      ? chainRoute(n.legs)
      : `${n.origin_airport} → ${n.kind === 'origin_wide' ? 'anywhere' : n.destination_airport}`;
  const names = [nameOf(n.origin_airport), n.kind === 'origin_wide' ? 'any destination' : nameOf(n.destination_airport)];
  const checked = n.last_checked_at ? formatDayTime(n.last_checked_at) : null;
  const created = n.created_at ? formatDayShort(n.created_at) : null;
  return (
    <li
      className={`rounded-xl border border-slate-200 p-4 shadow-sm ${n.is_completed ? 'bg-slate-50' : 'bg-white'}`}
      data-testid="notification"
      data-id={n.id}
      data-kind={n.kind}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{route}</h3>
          {names[0] && names[1] ? (
            <p className="truncate text-xs text-slate-600">
              {names[0]} to {names[1]}
            </p>
          ) : null}
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? FOUND_STYLE}`}
          data-testid="notification-status"
        >
          {status}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Dates</dt>
        <dd className="text-slate-900">{n.travel_dates.map(formatMediumDate).join(' · ')}</dd>
        {wider ? (
          <>
            <dt className="text-slate-600">Alert</dt>
            <dd className="text-slate-900">{WIDER_LABELS[n.kind as keyof typeof WIDER_LABELS]}</dd>
            {n.kind === 'seats' ? (
              <>
                <dt className="text-slate-600">Seats</dt>
                <dd className="text-slate-900">{n.max_seats ?? '—'} or fewer GoWild seats</dd>
              </>
            ) : null}
            {n.kind === 'chain' && n.legs ? (
              <>
                <dt className="text-slate-600">Flights</dt>
                <dd className="text-slate-900">
                  <ul data-testid="notification-legs">
                    {n.legs.map((l) => (
                      <li key={`${l.origin}-${l.date}`}>
                        {l.flight_number} · {l.origin} → {l.destination} · {formatMediumDate(l.date)}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
          </>
        ) : windowAlert ? (
          <>
            <dt className="text-slate-600">Alert</dt>
            <dd className="text-slate-900">{WINDOW_ALERT_TEXTS.kindLabel}</dd>
            <dt className="text-slate-600">Window</dt>
            <dd className="text-slate-900" data-testid="notification-opens">
              {opens ? `Opens ${opens}` : '—'}
            </dd>
          </>
        ) : (
          <>
            <dt className="text-slate-600">Max price</dt>
            <dd className="text-slate-900">
              {n.max_price !== null ? formatPrice(n.max_price) : '—'} · {n.gowild_only ? 'GoWild only' : 'Any fare'}
            </dd>
          </>
        )}
        {!windowAlert && n.found_price !== null && n.found_price > 0 && n.found_travel_date ? (
          <>
            <dt className="text-slate-600">Found</dt>
            <dd className="font-medium text-slate-900">
              {formatPrice(n.found_price)}
              {n.found_destination ? ` to ${n.found_destination}` : ''} on {formatMediumDate(n.found_travel_date)}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">Checked</dt>
        <dd className="text-slate-900">{checked ?? 'Not yet'}</dd>
        <dt className="text-slate-600">Channels</dt>
        <dd className="text-slate-900" data-testid="notification-channels">
          {(n.channels ?? ['email']).map((c) => ALERT_CHANNEL_LABELS[c]).join(', ')}
        </dd>
      </dl>
      <DeliveryHistory deliveries={deliveries} />
      <div className="mt-3 flex items-center justify-between gap-3">
        <p className="text-xs text-slate-500">{created ? `Created ${created}` : null}</p>
        {!n.is_completed ? (
          <Button variant="secondary" size="xs" onClick={onDelete} isLoading={deleting} aria-label={`Delete alert ${route}`}>
            Delete
          </Button>
        ) : null}
      </div>
    </li>
  );
}
