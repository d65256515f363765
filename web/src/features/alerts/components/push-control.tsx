import { formatDayTime } from '@gowild/contract/date-labels';
import { PUSH_MESSAGES, type PushDevice } from '@gowild/contract/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import {
  PUSH_DEVICES_KEY,
  forgetSubscription,
  getPushPublicKey,
  pushDevicesQueryOptions,
  removeDevice,
  saveSubscription,
  sendTestPush,
} from '../api/push';
import {
  type PushBrowser,
  type PushState,
  readPushState,
  realPushBrowser,
  subscribeBrowser,
  subscriptionJson,
} from '../utils/browser-push';

export interface PushControlProps {
  /** The browser's push features; tests give their own. */
  browser?: PushBrowser;
}

/**
 * "Push notifications on this device" on /notifications (docs/product/alerts.md#web-push): turns this browser's
 * subscription on and off, says plainly when the browser cannot or the traveller blocked notifications, and lists the
 * user's subscribed devices with the reason one stopped working.
 */
export function PushControl({ browser: given }: PushControlProps) {
  const ids = useId();
  const [browser] = useState(() => given ?? realPushBrowser());
  const { state, error, thisDevice, devices, turnOn, turnOff, remove, test } = usePushSubscription(browser);
  const busy = turnOn.isPending || turnOff.isPending;

  return (
    <section aria-labelledby={`${ids}-title`} className="mb-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
            {PUSH_MESSAGES.controlTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{PUSH_MESSAGES.controlHelp}</p>
        </div>
        {state === 'on' || state === 'off' ? (
          <div className="flex flex-wrap items-center gap-2">
            <span
              data-testid="push-state"
              className={`rounded-full px-2.5 py-1 text-xs font-semibold ${state === 'on' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
            >
              {state === 'on' ? PUSH_MESSAGES.on : PUSH_MESSAGES.off}
            </span>
            {state === 'on' ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  isLoading={test.isPending}
                  disabled={busy || test.isPending}
                  onClick={() => test.mutate()}
                >
                  {PUSH_MESSAGES.sendTest}
                </Button>
                <Button variant="secondary" size="sm" isLoading={busy} disabled={busy} onClick={() => turnOff.mutate()}>
                  {PUSH_MESSAGES.turnOff}
                </Button>
              </>
            ) : (
              <Button size="sm" isLoading={busy} disabled={busy} onClick={() => turnOn.mutate()}>
                {PUSH_MESSAGES.turnOn}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      {state === 'unsupported' ? (
        <Notice tone="info" className="mt-3">
          {PUSH_MESSAGES.unsupported}
        </Notice>
      ) : null}
      {state === 'denied' || turnOn.data === null ? (
        <Notice tone="warning" className="mt-3">
          {PUSH_MESSAGES.denied}
        </Notice>
      ) : null}
      {test.data ? (
        <Notice tone={test.data.results.every((r) => r.status === 'delivered') ? 'success' : 'warning'} className="mt-3">
          {test.data.message}:{' '}
          {test.data.results
            .map((r) => `${r.label}: ${r.status === 'delivered' ? 'accepted' : `not delivered (${r.reason ?? r.status})`}`)
            .join('; ')}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" className="mt-3" role="alert">
          {error}
        </Notice>
      ) : null}
      {devices.data && devices.data.length > 0 ? (
        <DeviceList
          devices={devices.data}
          thisDevice={state === 'on' ? thisDevice : null}
          // This browser's own row turns it off here too, so it does not come back on its next visit.
          onRemove={(id) => (id === thisDevice && state === 'on' ? turnOff.mutate() : remove.mutate(id))}
          removing={remove.isPending ? remove.variables : undefined}
        />
      ) : null}
    </section>
  );
}

interface DeviceListProps {
  devices: PushDevice[];
  thisDevice: string | null;
  onRemove: (id: string) => void;
  removing?: string;
}

function DeviceList({ devices, thisDevice, onRemove, removing }: DeviceListProps) {
  const ids = useId();
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <h3 id={`${ids}-devices`} className="text-sm font-semibold text-slate-800">
        {PUSH_MESSAGES.devicesTitle}
      </h3>
      <ul aria-labelledby={`${ids}-devices`} className="mt-2 divide-y divide-slate-100">
        {devices.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {d.label}
                {d.id === thisDevice ? (
                  <span className="ml-1.5 text-xs font-normal text-slate-600">({PUSH_MESSAGES.thisDevice})</span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600">
                {d.last_success_at
                  ? `Last alert delivered ${formatDayTime(d.last_success_at) ?? d.last_success_at}`
                  : 'No alert delivered yet'}
              </p>
              {d.broken_reason ? <p className="text-xs break-words text-red-700">Not working: {d.broken_reason}</p> : null}
            </div>
            <Button
              variant="ghost"
              size="xs"
              isLoading={removing === d.id}
              onClick={() => onRemove(d.id)}
              aria-label={`${PUSH_MESSAGES.remove} ${d.label}`}
            >
              {PUSH_MESSAGES.remove}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * This browser's push subscription and the user's devices: its state read from the browser (again once the service
 * worker is there), a subscription it already holds saved again, turning it on (saved, or undone if the server refuses
 * it) and off (after any re-save under way), removing a device and sending a test.
 */
function usePushSubscription(browser: PushBrowser) {
  const [state, setState] = useState<PushState>('checking');
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The device row of this browser, as the server answered when it was saved. */
  const [thisDevice, setThisDevice] = useState<string | null>(null);
  /** The save of the subscription this browser already held, started when the page opened; see turnOff. */
  const resaving = useRef<Promise<unknown>>(Promise.resolve());
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQueryOptions());
  const refreshDevices = useCallback(() => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }), [queryClient]);

  const refresh = useCallback(async () => {
    const read = await readPushState(browser).catch(() => ({ state: 'unsupported' as const, subscription: null }));
    setState(read.state);
    setSubscription(read.subscription);
    return read;
  }, [browser]);

  useEffect(() => {
    let live = true;
    void refresh().then((read) => {
      // The page registers the service worker after its first paint: check again once it is there.
      if (live && read.state === 'unsupported' && browser.supported)
        void navigator.serviceWorker?.ready.then(() => {
          if (live) void refresh();
        });
      // A subscription this browser holds is saved again (its keys may have changed; the device may have been removed).
      if (live && read.subscription)
        resaving.current = saveSubscription(subscriptionJson(read.subscription)).then(
          (device) => {
            if (live) setThisDevice(device.id);
            void refreshDevices();
          },
          () => {},
        );
    });
    return () => {
      live = false;
    };
  }, [browser, refresh, refreshDevices]);

  const turnOn = useMutation({
    mutationFn: async () => {
      const key = await getPushPublicKey();
      const sub = await subscribeBrowser(browser, key);
      if (!sub) return null;
      try {
        setThisDevice((await saveSubscription(subscriptionJson(sub))).id);
      } catch (e) {
        // The server refused it (premium ended, a push service it does not send to): no half-on state.
        await sub.unsubscribe().catch(() => false);
        throw e;
      }
      return sub;
    },
    onMutate: () => setError(null),
    onSuccess: async () => {
      await refresh();
      await refreshDevices();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : PUSH_MESSAGES.turnOnFailed),
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      if (!subscription) return;
      // A re-save still on its way would land after the delete and bring the device back.
      await resaving.current;
      await forgetSubscription(subscription.endpoint);
      await subscription.unsubscribe();
      setThisDevice(null);
    },
    onMutate: () => setError(null),
    onSuccess: async () => {
      await refresh();
      await refreshDevices();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : PUSH_MESSAGES.turnOffFailed),
  });

  const remove = useMutation({ mutationFn: removeDevice, onSuccess: refreshDevices });
  const test = useMutation({
    mutationFn: sendTestPush,
    onMutate: () => setError(null),
    onSettled: refreshDevices,
    onError: (e) => setError(e instanceof ApiError ? e.message : PUSH_MESSAGES.turnOnFailed),
  });
  return { state, error, thisDevice, devices, turnOn, turnOff, remove, test };
}
