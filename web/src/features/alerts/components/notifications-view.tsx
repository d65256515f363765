import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { type AlertDelivery, MAX_ACTIVE_ALERTS } from '@gowild/contract/notifications';
import { deliveriesQueryOptions } from '../api/channels';
import { notificationsQueryOptions } from '../api/get-notifications';
import { ChannelsPanel } from './channels-panel';
import { NotificationForm } from './notification-form';
import { NotificationList, countActiveAlerts } from './notification-list';

export interface NotificationsViewProps {
  /** The phone number on the user's profile (the SMS consent box needs one). */
  phoneNumber: string | null;
  /** Injected in tests; the traveller's today otherwise. */
  today?: string;
}

/**
 * /notifications (docs/product/alerts.md#notifications-page): the user's alerts beside the create form. The list also
 * decides the limit: with 3 active alerts the form's button is disabled.
 */
export function NotificationsView({ phoneNumber, today }: NotificationsViewProps) {
  const [showCompleted, setShowCompleted] = useState(false);
  // The previous list stays on screen while the other one loads, so the toggle does not flash a spinner.
  const list = useQuery({ ...notificationsQueryOptions(showCompleted), placeholderData: keepPreviousData });
  const airports = useAirports();
  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a])), [airports.data]);
  const atLimit = countActiveAlerts(list.data) >= MAX_ACTIVE_ALERTS;
  // The history refreshes with the list (a new alert's confirmation) and every half minute while the page is open.
  const deliveries = useQuery({ ...deliveriesQueryOptions(), refetchInterval: 30_000 });
  const byAlert = useMemo(() => {
    const map = new Map<string, AlertDelivery[]>();
    for (const d of deliveries.data ?? []) map.set(d.notification_id, [...(map.get(d.notification_id) ?? []), d]);
    return map;
  }, [deliveries.data]);

  return (
    <div className="grid gap-8 lg:grid-cols-5 lg:items-start">
      <div className="lg:col-span-2">
        <NotificationList
          notifications={list.data}
          isPending={list.isFetching}
          loadError={list.error}
          onRetry={() => void list.refetch()}
          showCompleted={showCompleted}
          onShowCompletedChange={setShowCompleted}
          nameOf={(code) => byCode.get(code)?.cityAndCode ?? null}
          deliveriesOf={(id) => (deliveries.data ? (byAlert.get(id) ?? []) : undefined)}
        />
      </div>
      <div className="min-w-0 space-y-8 lg:col-span-3">
        <NotificationForm phoneNumber={phoneNumber} atLimit={atLimit} today={today} />
        <ChannelsPanel />
      </div>
    </div>
  );
}
