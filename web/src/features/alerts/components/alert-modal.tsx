import { addDays, formatLongDate, localToday } from '@gowild/contract/dates';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { ALERT_MESSAGES, type AlertChannelKind, MAX_ACTIVE_ALERTS, alertCreatedFromResults } from '@gowild/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { useRoutes } from '@/api/get-routes';
import { describeAirportValue } from '@/components/airport-picker/airport-options';
import { Button, ButtonLink } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/form-errors';
import { alertErrorText, useCreateNotification } from '../api/create-notification';
import { useCreateWiderAlert } from '../api/create-wider-alert';
import { useCreateWindowAlert } from '../api/create-window-alert';
import { notificationsQueryOptions } from '../api/get-notifications';
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
import { AirportChoice } from './airport-choice';
import { ChannelChoice } from './channel-choice';
import { CheckboxField } from './checkbox-field';
import { countActiveAlerts } from './notification-list';
import { TravelDatesField } from './travel-dates-field';
import { WatchChoice } from './watch-choice';
import { OriginWideRangeNote, SeatsField, WATCH_EXPLAIN, WindowRangeSelect, travelDatesLabel } from './wider-alert-fields';

const TITLES: Record<AlertWatch, string> = {
  price: 'Create Price Alert',
  seats: 'Create Seat Alert',
  origin_wide: 'Create Any-Destination Alert',
};

/** docs/product/alerts.md#alert-modal: the modal fades out over this long before it goes. */
export const ALERT_MODAL_FADE_MS = 150;

/** What a destination card hands over: the search's origin and destination (codes, CITY:XXX or lists) and date. */
export interface AlertTarget {
  origin: string;
  destination: string;
  date: string;
  /** The airports of the origin the results saw flights from on this route; a city or list offers only these. */
  servedOrigins?: readonly string[];
  /** The same for the destination side (inbound results). */
  servedDestinations?: readonly string[];
  /** 'window_open': "Alert me when it opens" for this one date, no price (docs/product/alerts.md#tell-me-when-gowild-opens). */
  kind?: 'price' | 'window_open';
}

export interface AlertModalProps {
  target: AlertTarget;
  /** After the closing fade; the parent unmounts the modal, so the next one starts with fresh fields. */
  onClosed: () => void;
  /** Injected in tests; the traveller's today otherwise. */
  today?: string;
}

/**
 * The price-alert modal of the search results (docs/product/alerts.md#alert-modal). Only premium users get here (the
 * card turns others away); the server checks again.
 */
export function AlertModal({ target, onClosed, today: todayProp }: AlertModalProps) {
  const [closing, setClosing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const close = () => {
    if (closing) return;
    setClosing(true);
    timer.current = window.setTimeout(onClosed, ALERT_MODAL_FADE_MS);
  };

  return (
    <Modal open closing={closing} onClose={close} labelledBy="alert-modal-title" size="lg">
      <AlertForm target={target} onCancel={close} onCreated={close} today={todayProp ?? localToday()} />
    </Modal>
  );
}

/**
 * A city's (or a list's) airports narrowed to those the results saw fly this route (New York City → Chicago offers
 * LGA alone when only LGA flies it). Without that knowledge, or when none of them is known, every airport stays.
 */
function servedOnly(side: AirportSide, served: readonly string[] | undefined): AirportSide {
  if (!served?.length || side.error) return side;
  const codes = side.codes.filter((c) => served.includes(c));
  return codes.length ? { ...side, codes } : side;
}

interface AlertFormProps {
  target: AlertTarget;
  onCancel: () => void;
  onCreated: () => void;
  today: string;
}

function AlertForm({ target, onCancel, onCreated, today }: AlertFormProps) {
  const airports = useAirports();
  const blackout = useBlackoutDates();
  const create = useCreateNotification();
  const createWindow = useCreateWindowAlert();
  const createSeats = useCreateWiderAlert('seats');
  const createOriginWide = useCreateWiderAlert('origin-wide');
  const windowKind = target.kind === 'window_open';
  const pending = create.isPending || createWindow.isPending || createSeats.isPending || createOriginWide.isPending;
  // What a price alert's modal watches (docs/product/alerts.md#alert-modal): a price, seats left, or any destination.
  const [watch, setWatch] = useState<AlertWatch>('price');
  const [seats, setSeats] = useState('3');
  // A window-open alert may watch the days after its date too (a range of up to 7).
  const [extraDays, setExtraDays] = useState(0);
  // The user's active alerts, so a fourth is refused before the form is filled in, as /notifications does. Until the
  // list answers (or if it fails) the form shows, and the server's 409 still has the last word.
  const activeAlerts = useQuery(notificationsQueryOptions(false));
  const atLimit = countActiveAlerts(activeAlerts.data) >= MAX_ACTIVE_ALERTS;
  const formRef = useRef<HTMLFormElement>(null);
  const tomorrow = addDays(today, 1);

  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a])), [airports.data]);
  const known = airports.data ? new Set(byCode.keys()) : null;
  // What the results saw fly, then the route network: wherever the modal opens, only airports with this route.
  const routes = useRoutes();
  const { origins, destinations } = flownOnly(
    servedOnly(alertAirports(target.origin, 'origin', known), target.servedOrigins),
    servedOnly(alertAirports(target.destination, 'destination', known), target.servedDestinations),
    routes.data,
  );

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
  const range = watch === 'origin_wide' ? originWideRange(dates) : null;
  const dateHint = unwatchableDateHint(target.date, today, picked ? null : (dates[0] ?? null));
  const [gowildOnly, setGowildOnly] = useState(false);
  const [channels, setChannels] = useState<AlertChannelKind[]>(['email']);
  const [errors, setErrors] = useState<FieldErrors<AlertModalField>>({});

  // A side with one airport needs no choice.
  const chosenOrigin = origins.codes.length === 1 ? origins.codes[0]! : origin;
  const chosenDestination = destinations.codes.length === 1 ? destinations.codes[0]! : destination;
  const cityError = origins.error ?? destinations.error;
  const nameOf = (code: string) => byCode.get(code)?.cityAndCode ?? null;
  // The chosen airport once there is one, else what was searched ('New York City').
  const label = (code: string, value: string) => (code ? (nameOf(code) ?? code) : describeAirportValue(value, byCode));

  const clear = (field: AlertModalField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (cityError || atLimit || pending || channels.length === 0) return;
    const found = windowKind
      ? validateAlertModal({ origin: chosenOrigin, destination: chosenDestination, price: '1', dates: [target.date] })
      : watch === 'price'
        ? validateAlertModal({ origin: chosenOrigin, destination: chosenDestination, price, dates })
        : validateWiderAlertModal(watch, { origin: chosenOrigin, destination: chosenDestination, dates, seats });
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      requestAnimationFrame(() => {
        const form = formRef.current;
        const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (first) first.focus();
        else if (found.dates) form?.querySelector<HTMLElement>('[data-testid="travel-dates"] button:not(:disabled)')?.focus();
      });
      return;
    }
    const failed = (error: unknown) => {
      showToast({ type: 'error', title: 'Error', message: alertErrorText(error, ALERT_MESSAGES.modalCreateFailed) });
      // Another tab or device reached the cap meanwhile: the list tells the form so.
      if (error instanceof ApiError && error.status === 409) void activeAlerts.refetch();
    };
    const created = (res: { message: string }) => {
      showToast({ type: 'success', title: ALERT_MESSAGES.createdTitle, message: res.message });
      onCreated();
    };
    if (!windowKind && watch === 'seats') {
      createSeats.mutate(
        {
          origin_airport: chosenOrigin,
          destination_airport: chosenDestination,
          travel_date: dates[0]!,
          max_seats: Number(seats),
          channels,
        },
        { onSuccess: created, onError: failed },
      );
      return;
    }
    if (!windowKind && watch === 'origin_wide' && range) {
      createOriginWide.mutate(
        { origin_airport: chosenOrigin, travel_date: range.from, travel_date_to: range.to, channels },
        { onSuccess: created, onError: failed },
      );
      return;
    }
    if (windowKind) {
      createWindow.mutate(
        {
          origin_airport: chosenOrigin,
          destination_airport: chosenDestination,
          travel_date: target.date,
          ...(extraDays > 0 ? { travel_date_to: addDays(target.date, extraDays) } : {}),
          channels,
        },
        {
          onSuccess: (res) => {
            showToast({ type: 'success', title: WINDOW_ALERT_TEXTS.createdTitle, message: res.message });
            onCreated();
          },
          onError: failed,
        },
      );
      return;
    }
    create.mutate(
      {
        origin_airport: chosenOrigin,
        destination_airport: chosenDestination,
        travel_dates: dates,
        max_price: Number(price),
        gowild_only: gowildOnly,
        channels,
      },
      {
        onSuccess: (res) => {
          showToast({
            type: 'success',
            title: ALERT_MESSAGES.createdTitle,
            message: alertCreatedFromResults(res.notification.travel_dates.length),
          });
          onCreated();
        },
        onError: failed,
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="relative p-5 sm:p-6" data-testid="alert-modal">
      <button
        type="button"
        onClick={onCancel}
        className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-700"
        aria-label="Close"
      >
        <CloseIcon className="size-5" />
      </button>
      <h2 id="alert-modal-title" className="pr-8 text-xl font-bold text-slate-900">
        {windowKind ? 'Alert Me When GoWild Opens' : TITLES[watch]}
      </h2>
      <p className="mt-1 pr-8 text-sm text-slate-600" data-testid="alert-route">
        {label(chosenOrigin, target.origin)} → {watch === 'origin_wide' ? 'any destination' : label(chosenDestination, target.destination)}
      </p>
      {windowKind ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="window-alert-date">
          {formatLongDate(target.date)}. Right after GoWild opens for this date we check it and tell you once: the GoWild price and seats,
          or that GoWild is not offered.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600" data-testid="alert-explain">
          {WATCH_EXPLAIN[watch]}
        </p>
      )}

      {atLimit ? (
        <Notice
          tone="warning"
          title={ALERT_MESSAGES.maxAlertsReached}
          className="mt-5"
          data-testid="alert-limit"
          action={
            <ButtonLink to={paths.notifications} variant="secondary" size="sm">
              Manage alerts
            </ButtonLink>
          }
        >
          You have {MAX_ACTIVE_ALERTS} active alerts. Delete one on Flight Notifications to watch this route.
        </Notice>
      ) : (
        <div className="mt-5 space-y-5">
          {origins.error ? (
            <Notice tone="error">{origins.error}</Notice>
          ) : origins.codes.length > 1 ? (
            <AirportChoice
              legend="Departure airport"
              codes={origins.codes}
              value={origin}
              onChange={(c) => {
                setOrigin(c);
                clear('origin');
              }}
              nameOf={nameOf}
              error={errors.origin}
            />
          ) : null}
          {destinations.error ? (
            <Notice tone="error">{destinations.error}</Notice>
          ) : destinations.codes.length > 1 && watch !== 'origin_wide' ? (
            <AirportChoice
              legend="Arrival airport"
              codes={destinations.codes}
              value={destination}
              onChange={(c) => {
                setDestination(c);
                clear('destination');
              }}
              nameOf={nameOf}
              error={errors.destination}
            />
          ) : null}

          {windowKind ? (
            <WindowRangeSelect date={target.date} value={extraDays} onChange={setExtraDays} />
          ) : (
            <>
              <WatchChoice
                value={watch}
                onChange={(w) => {
                  setWatch(w);
                  setErrors({});
                }}
                origin={chosenOrigin || null}
              />
              {watch === 'seats' ? (
                <SeatsField
                  value={seats}
                  onChange={(v) => {
                    setSeats(v);
                    clear('seats');
                  }}
                  error={errors.seats}
                />
              ) : null}
              {watch === 'price' ? (
                <TextField
                  label="Maximum price (USD)"
                  type="number"
                  inputMode="decimal"
                  min={1}
                  step={0.01}
                  placeholder="e.g. 99"
                  value={price}
                  onChange={(e) => {
                    setPrice(e.target.value);
                    clear('price');
                  }}
                  error={errors.price}
                  hint="The alert fires for a fare at or under this price."
                />
              ) : null}

              <TravelDatesField
                dates={dates}
                onChange={(next) => {
                  setPicked(next);
                  clear('dates');
                }}
                error={errors.dates}
                blackoutDates={blackout.data ?? []}
                minDate={tomorrow}
                today={today}
                label={travelDatesLabel(watch)}
                max={watch === 'seats' ? 1 : undefined}
              />
              <OriginWideRangeNote range={range} />
              {dateHint ? (
                <p className="-mt-3 text-xs text-slate-600" data-testid="alert-date-hint">
                  {dateHint}
                </p>
              ) : null}

              {watch === 'price' ? (
                <CheckboxField
                  label="GoWild only"
                  hint="Only GoWild fares with seats count. Unchecked, any fare on sale counts."
                  checked={gowildOnly}
                  onChange={setGowildOnly}
                />
              ) : null}
            </>
          )}
          <ChannelChoice value={channels} onChange={setChannels} />
        </div>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={pending} disabled={Boolean(cityError) || atLimit}>
          {atLimit ? ALERT_MESSAGES.maxAlertsReached : windowKind ? WINDOW_ALERT_TEXTS.button : 'Create Alert'}
        </Button>
      </div>
    </form>
  );
}
