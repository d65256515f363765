import {
  ALERT_MESSAGES,
  type AlertChannelKind,
  MAX_ACTIVE_ALERTS,
  type Notification,
  alertCreatedFromResults,
} from '@gowild/contract/notifications';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { useRoutes } from '@/api/get-routes';
import { describeAirportValue } from '@/components/airport-picker/airport-options';
import { showToast } from '@/components/ui/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/form-errors';
import { alertErrorText } from '../api/create-notification';
import { notificationsQueryOptions } from '../api/get-notifications';
import type { AlertTarget } from '../components/alert-modal';
import { countActiveAlerts } from '../components/notification-list';
import {
  type AirportSide,
  type AlertModalField,
  type AlertWatch,
  alertAirports,
  defaultAlertDates,
  flownOnly,
  originWideRange,
  unwatchableDateHint,
  validateAlertModal,
  validateWiderAlertModal,
} from '../utils/alert-rules';
import { type AlertCallbacks, useAlertCreators } from './use-alert-creators';

/**
 * A city's (or a list's) airports narrowed to those the results saw fly this route (New York City → Chicago offers
 * LGA alone when only LGA flies it). Without that knowledge, or when none of them is known, every airport stays.
 */
function servedOnly(side: AirportSide, served: readonly string[] | undefined): AirportSide {
  if (!served?.length || side.error) return side;
  const codes = side.codes.filter((c) => served.includes(c));
  return codes.length ? { ...side, codes } : side;
}

/** The airports a target's two sides may be, as the results saw them fly and the route network has them. */
function useTargetAirports(target: AlertTarget) {
  const airports = useAirports();
  const routes = useRoutes();
  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a])), [airports.data]);
  const known = airports.data ? new Set(byCode.keys()) : null;
  // What the results saw fly, then the route network: wherever the modal opens, only airports with this route.
  const sides = flownOnly(
    servedOnly(alertAirports(target.origin, 'origin', known), target.servedOrigins),
    servedOnly(alertAirports(target.destination, 'destination', known), target.servedDestinations),
    routes.data,
  );
  const nameOf = (code: string) => byCode.get(code)?.cityAndCode ?? null;
  // The chosen airport once there is one, else what was searched ('New York City').
  const label = (code: string, value: string) => (code ? (nameOf(code) ?? code) : describeAirportValue(value, byCode));
  return { ...sides, nameOf, label };
}

/**
 * The alert modal's fields and what they make (docs/product/alerts.md#alert-modal): what it watches (a price, seats
 * left, or any destination), the airports of a city or list, the dates (the searched one by default), the channels.
 */
export function useAlertModalForm(target: AlertTarget, today: string) {
  const blackout = useBlackoutDates();
  const { origins, destinations, nameOf, label } = useTargetAirports(target);
  const [watch, setWatch] = useState<AlertWatch>('price');
  const [seats, setSeats] = useState('3');
  // A window-open alert may watch the days after its date too (a range of up to 7).
  const [extraDays, setExtraDays] = useState(0);
  const [origin, setOrigin] = useState('');
  const [destination, setDestination] = useState('');
  const [price, setPrice] = useState('');
  // Until the traveller picks, the default: the searched date when an alert may watch it, else the first watchable
  // day that is not a blackout (known once the blackout list is).
  const blackoutSet = useMemo(() => (blackout.data ? new Set(blackout.data) : null), [blackout.data]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const allDates = picked ?? defaultAlertDates(target.date, today, blackoutSet);
  // A seat alert watches one date: the first chosen.
  const dates = watch === 'seats' ? allDates.slice(0, 1) : allDates;
  const [gowildOnly, setGowildOnly] = useState(false);
  const [channels, setChannels] = useState<AlertChannelKind[]>(['email']);
  const [errors, setErrors] = useState<FieldErrors<AlertModalField>>({});
  const clear = (field: AlertModalField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  // Each field's change clears the text it had from the last submit; a new watch clears them all.
  const change =
    <T>(set: (value: T) => void, field: AlertModalField) =>
    (value: T) => {
      set(value);
      clear(field);
    };

  return {
    windowKind: target.kind === 'window_open',
    watch,
    setWatch: (w: AlertWatch) => {
      setWatch(w);
      setErrors({});
    },
    seats,
    setSeats: change(setSeats, 'seats'),
    extraDays,
    setExtraDays,
    origins,
    destinations,
    nameOf,
    label,
    origin,
    setOrigin: change(setOrigin, 'origin'),
    destination,
    setDestination: change(setDestination, 'destination'),
    // A side with one airport needs no choice.
    chosenOrigin: origins.codes.length === 1 ? origins.codes[0]! : origin,
    chosenDestination: destinations.codes.length === 1 ? destinations.codes[0]! : destination,
    cityError: origins.error ?? destinations.error,
    price,
    setPrice: change(setPrice, 'price'),
    dates,
    setDates: change(setPicked, 'dates'),
    blackoutDates: blackout.data ?? [],
    range: watch === 'origin_wide' ? originWideRange(dates) : null,
    dateHint: unwatchableDateHint(target.date, today, picked ? null : (dates[0] ?? null)),
    gowildOnly,
    setGowildOnly,
    channels,
    setChannels,
    errors,
    setErrors,
  };
}

export type AlertModalForm = ReturnType<typeof useAlertModalForm>;

/** The field errors the modal's rules find for what is watched (a window-open alert: its airports alone). */
function modalErrors(form: AlertModalForm, target: AlertTarget): FieldErrors<AlertModalField> {
  const { chosenOrigin: origin, chosenDestination: destination, dates } = form;
  if (form.windowKind) return validateAlertModal({ origin, destination, price: '1', dates: [target.date] });
  if (form.watch === 'price') return validateAlertModal({ origin, destination, price: form.price, dates });
  return validateWiderAlertModal(form.watch, { origin, destination, dates, seats: form.seats });
}

/**
 * The user's active alerts, so a fourth is refused before the form is filled in, as /notifications does. Until the
 * list answers (or if it fails) the form shows, and the server's 409 still has the last word.
 */
export function useAlertLimit() {
  const activeAlerts = useQuery(notificationsQueryOptions(false));
  return { atLimit: countActiveAlerts(activeAlerts.data) >= MAX_ACTIVE_ALERTS, refetch: () => void activeAlerts.refetch() };
}

type NotificationCreated = { notification: Notification; message: string };

/** The modal's submit: its rules (the first field refused takes the focus), then the call for what is watched. */
export function useAlertModalSubmit(
  form: AlertModalForm,
  target: AlertTarget,
  limit: ReturnType<typeof useAlertLimit>,
  onCreated: () => void,
) {
  const creators = useAlertCreators();
  const formRef = useRef<HTMLFormElement>(null);

  const callbacks = <R extends { message: string }>(title: string, message?: (res: R) => string): AlertCallbacks<R> => ({
    onSuccess: (res) => {
      showToast({ type: 'success', title, message: message ? message(res) : res.message });
      onCreated();
    },
    onError: (error) => {
      showToast({ type: 'error', title: 'Error', message: alertErrorText(error, ALERT_MESSAGES.modalCreateFailed) });
      // Another tab or device reached the cap meanwhile: the list tells the form so.
      if (error instanceof ApiError && error.status === 409) limit.refetch();
    },
  });

  const send = () => {
    const { chosenOrigin: origin, chosenDestination: destination, dates, channels } = form;
    if (form.windowKind) {
      creators.sendWindow(
        { origin, destination, date: target.date, extraDays: form.extraDays, channels },
        callbacks(WINDOW_ALERT_TEXTS.createdTitle),
      );
    } else if (form.watch !== 'price') {
      const input = { origin, destination, date: dates[0]!, seats: form.seats, range: form.range, channels };
      creators.sendWider(form.watch, input, callbacks(ALERT_MESSAGES.createdTitle));
    } else {
      creators.price.mutate(
        {
          origin_airport: origin,
          destination_airport: destination,
          travel_dates: dates,
          max_price: Number(form.price),
          gowild_only: form.gowildOnly,
          channels,
        },
        // The price alert's toast says how many dates it watches.
        callbacks(ALERT_MESSAGES.createdTitle, (res: NotificationCreated) => alertCreatedFromResults(res.notification.travel_dates.length)),
      );
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.cityError || limit.atLimit || creators.pending || form.channels.length === 0) return;
    const found = modalErrors(form, target);
    form.setErrors(found);
    if (!Object.values(found).some(Boolean)) return send();
    requestAnimationFrame(() => {
      const el = formRef.current;
      const first = el?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (first) first.focus();
      else if (found.dates) el?.querySelector<HTMLElement>('[data-testid="travel-dates"] button:not(:disabled)')?.focus();
    });
  };

  return { formRef, submit, pending: creators.pending };
}
