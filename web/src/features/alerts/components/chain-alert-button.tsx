import type { Itinerary } from '@gowild/contract/connections';
import { ALERT_MESSAGES, type AlertChannelKind, MAX_ACTIVE_ALERTS } from '@gowild/contract/notifications';
import { CHAIN_LEGS, WIDER_ALERT_TEXTS } from '@gowild/contract/wider-alerts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { alertErrorText } from '../api/create-notification';
import { useCreateWiderAlert } from '../api/create-wider-alert';
import { notificationsQueryOptions } from '../api/get-notifications';
import { ChannelChoice } from './channel-choice';
import { countActiveAlerts } from './notification-list';

/** The chain alert's request from a route builder itinerary: each flight by its route, day and flight number. */
export function chainAlertLegs(it: Itinerary) {
  return it.legs.map((l) => ({
    origin_airport: l.flight.origin,
    destination_airport: l.flight.destination,
    travel_date: l.flight.departure_time.slice(0, 10),
    flight_number: l.flight.flight_number,
  }));
}

/**
 * 'Alert me when every leg has GoWild' on a route builder itinerary of 2 or 3 flights (docs/product/alerts.md#every-leg-of-a-chain):
 * opens the channel choice in place, then creates the chain alert. At 3 active alerts it says so, with the way to
 * /notifications; the server enforces the limit either way.
 */
export function ChainAlertButton({ itinerary }: { itinerary: Itinerary }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [channels, setChannels] = useState<AlertChannelKind[]>(['email']);
  const create = useCreateWiderAlert('chain');
  const active = useQuery({ ...notificationsQueryOptions(false), enabled: open });
  const atLimit = countActiveAlerts(active.data) >= MAX_ACTIVE_ALERTS;
  if (itinerary.legs.length < CHAIN_LEGS.min || itinerary.legs.length > CHAIN_LEGS.max) return null;
  if (done)
    return (
      <span className="text-sm font-medium text-emerald-800" data-testid="chain-alert-set">
        Alert set: every leg
      </span>
    );
  if (!open)
    return (
      <button
        type="button"
        className="text-sm font-medium text-brand-700 underline"
        onClick={() => setOpen(true)}
        data-testid="chain-alert"
      >
        {WIDER_ALERT_TEXTS.chainButton}
      </button>
    );
  const submit = () =>
    create.mutate(
      { legs: chainAlertLegs(itinerary), channels },
      {
        onSuccess: (res) => {
          showToast({ type: 'success', title: WIDER_ALERT_TEXTS.chainCreatedTitle, message: res.message });
          setDone(true);
        },
        onError: (error) => {
          showToast({ type: 'error', title: 'Error', message: alertErrorText(error, ALERT_MESSAGES.modalCreateFailed) });
          if (error instanceof ApiError && error.status === 409) void active.refetch();
        },
      },
    );
  return (
    <div className="basis-full rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="chain-alert-panel">
      <p className="text-sm text-slate-700">
        We check every 10 minutes and tell you once when each of these {itinerary.legs.length} flights has GoWild seats on sale.
      </p>
      {atLimit ? (
        <p className="mt-2 text-sm text-amber-900" data-testid="chain-alert-limit">
          {ALERT_MESSAGES.maxAlertsReached}. You have {MAX_ACTIVE_ALERTS} active alerts: delete one on Flight Notifications to watch this
          chain.{' '}
          <ButtonLink to={paths.notifications} variant="secondary" size="xs">
            Manage alerts
          </ButtonLink>
        </p>
      ) : (
        <div className="mt-2">
          <ChannelChoice value={channels} onChange={setChannels} />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={submit} isLoading={create.isPending} disabled={atLimit || channels.length === 0}>
          {atLimit ? ALERT_MESSAGES.maxAlertsReached : 'Create alert'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
