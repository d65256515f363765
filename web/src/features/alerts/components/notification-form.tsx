import { formatPhone } from '@gowild/contract/auth';
import { addDays, localToday } from '@gowild/contract/dates';
import { ALERT_MESSAGES, type AlertChannelKind, alertCreatedFromPage } from '@gowild/contract/notifications';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { buildAirportOptions } from '@/components/airport-picker/airport-options';
import { AirportPicker } from '@/components/airport-picker/airport-picker';
import { useGridColumns } from '@/components/airport-picker/use-grid-columns';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast/toast-store';
import type { FieldErrors } from '@/lib/form-errors';
import { alertErrorText, useCreateNotification } from '../api/create-notification';
import { useCreateWiderAlert } from '../api/create-wider-alert';
import { useCreateWindowAlert } from '../api/create-window-alert';
import {
  type AlertWatch,
  type NotificationFormField,
  originWideRange,
  validateNotificationForm,
  validateWiderAlertModal,
} from '../utils/alert-rules';
import { ChannelChoice } from './channel-choice';
import { CheckboxField } from './checkbox-field';
import { TravelDatesField } from './travel-dates-field';
import { WatchChoice } from './watch-choice';
import { OriginWideRangeNote, SeatsField, WATCH_EXPLAIN, WindowRangeSelect, travelDatesLabel } from './wider-alert-fields';

type FormField = NotificationFormField | 'seats';

export interface NotificationFormProps {
  /** The phone number on the user's profile: the SMS consent box shows only when there is one. */
  phoneNumber: string | null;
  /** 3 active alerts already: the button is disabled and says so. */
  atLimit: boolean;
  /** Injected in tests; the traveller's today otherwise. */
  today?: string;
}

const EMPTY = {
  kind: 'price' as 'price' | 'window_open',
  /** A price-kind alert's watch, as the results' modal offers it: a price, seats left, or any destination. */
  watch: 'price' as AlertWatch,
  seats: '3',
  /** A window-open alert's days after its date (a range of up to 7). */
  extraDays: 0,
  origin: '',
  destination: '',
  dates: [] as string[],
  price: '',
  gowildOnly: false,
  smsConsent: false,
  channels: ['email'] as AlertChannelKind[],
};

/**
 * The create form of docs/product/alerts.md#notifications-page: a price alert (one airport pair, 1–5 dates, a price),
 * the wider ones the results' modal offers (seats left on one date, any destination from an origin over a range) and
 * a window-open alert over up to 7 days, with the modal's rules and texts.
 */
export function NotificationForm({ phoneNumber, atLimit, today: todayProp }: NotificationFormProps) {
  const airports = useAirports();
  const blackout = useBlackoutDates();
  const create = useCreateNotification();
  const createWindow = useCreateWindowAlert();
  const createSeats = useCreateWiderAlert('seats');
  const createOriginWide = useCreateWiderAlert('origin-wide');
  const pending = create.isPending || createWindow.isPending || createSeats.isPending || createOriginWide.isPending;
  const columns = useGridColumns();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const today = todayProp ?? localToday();
  const tomorrow = addDays(today, 1);

  const options = useMemo(() => buildAirportOptions(airports.data ?? [], 'airport'), [airports.data]);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K], field?: FormField) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (field) setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const windowKind = values.kind === 'window_open';
  // What a price-kind alert watches; a window-open alert has no such choice.
  const watch: AlertWatch = windowKind ? 'price' : values.watch;
  const range = watch === 'origin_wide' ? originWideRange(values.dates) : null;

  const created = (res: { message: string }) => {
    setValues(EMPTY);
    showToast({ type: 'success', title: ALERT_MESSAGES.createdTitle, message: res.message });
  };
  const failed = (error: unknown) => setFormError(alertErrorText(error, ALERT_MESSAGES.createFailed));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (atLimit || pending || values.channels.length === 0) return;
    setFormError(null);
    if (watch !== 'price') return submitWider(watch);
    const found = validateNotificationForm(
      {
        origin_airport: values.origin,
        destination_airport: values.destination,
        travel_dates: values.dates,
        // A window-open alert has no price: the price rule is not asked.
        max_price: windowKind ? '1' : values.price,
      },
      tomorrow,
    );
    if (refused(found)) return;
    if (windowKind) {
      createWindow.mutate(
        {
          origin_airport: values.origin,
          destination_airport: values.destination,
          travel_date: values.dates[0]!,
          ...(values.extraDays > 0 ? { travel_date_to: addDays(values.dates[0]!, values.extraDays) } : {}),
          channels: values.channels,
        },
        {
          onSuccess: (res) => {
            setValues(EMPTY);
            showToast({ type: 'success', title: WINDOW_ALERT_TEXTS.createdTitle, message: res.message });
          },
          onError: (error) => setFormError(alertErrorText(error, ALERT_MESSAGES.createFailed)),
        },
      );
      return;
    }
    create.mutate(
      {
        origin_airport: values.origin,
        destination_airport: values.destination,
        travel_dates: values.dates,
        max_price: Number(values.price),
        gowild_only: values.gowildOnly,
        phone_number: phoneNumber,
        sms_consent: phoneNumber ? values.smsConsent : false,
        channels: values.channels,
      },
      {
        onSuccess: (res) => {
          setValues(EMPTY);
          showToast({
            type: 'success',
            title: ALERT_MESSAGES.createdTitle,
            message: alertCreatedFromPage(res.notification.travel_dates.length),
          });
        },
        onError: (error) => setFormError(alertErrorText(error, ALERT_MESSAGES.createFailed)),
      },
    );
  };

  /** Shows the texts found and focuses the first field with one; true when there was any. */
  function refused(found: FieldErrors<FormField>): boolean {
    setErrors(found);
    const firstField = (['origin_airport', 'destination_airport', 'travel_dates', 'max_price', 'seats'] as const).find((f) => found[f]);
    if (!firstField) return false;
    requestAnimationFrame(() => {
      const box = formRef.current?.querySelector(`[data-field="${firstField}"]`);
      box?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')?.focus();
    });
    return true;
  }

  /** A seat or any-destination alert: the results modal's rules and texts, then its call. */
  function submitWider(kind: Exclude<AlertWatch, 'price'>) {
    const w = validateWiderAlertModal(kind, {
      origin: values.origin,
      destination: values.destination,
      dates: values.dates,
      seats: values.seats,
    });
    if (kind === 'seats' && !w.destination && values.origin && values.origin === values.destination)
      w.destination = ALERT_MESSAGES.sameAirports;
    if (refused({ origin_airport: w.origin, destination_airport: w.destination, travel_dates: w.dates, seats: w.seats })) return;
    if (kind === 'seats') {
      createSeats.mutate(
        {
          origin_airport: values.origin,
          destination_airport: values.destination,
          travel_date: values.dates[0]!,
          max_seats: Number(values.seats),
          channels: values.channels,
        },
        { onSuccess: created, onError: failed },
      );
      return;
    }
    createOriginWide.mutate(
      { origin_airport: values.origin, travel_date: range!.from, travel_date_to: range!.to, channels: values.channels },
      { onSuccess: created, onError: failed },
    );
  }

  const fieldError = (field: NotificationFormField) =>
    errors[field] && field !== 'travel_dates' && field !== 'max_price' ? (
      <p className="mt-1 text-sm text-red-600" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
        Create an alert
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {values.kind === 'window_open'
          ? 'One route, one date whose GoWild window has not opened yet (or up to 7 days from it). We tell you once, on the channels you choose, within minutes of the opening.'
          : watch === 'price'
            ? 'One route, up to 5 dates. We check every 10 minutes and tell you once, on the channels you choose, when a fare at or under your price appears.'
            : WATCH_EXPLAIN[watch]}
      </p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-5 space-y-6" data-testid="notification-form">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Alert type</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ['price', WINDOW_ALERT_TEXTS.priceKindLabel],
                ['window_open', WINDOW_ALERT_TEXTS.kindLabel],
              ] as const
            ).map(([kind, label]) => (
              <label key={kind} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => {
                    setValues((v) => ({
                      ...v,
                      kind,
                      dates: kind === 'window_open' || v.watch === 'seats' ? v.dates.slice(0, 1) : v.dates,
                    }));
                    setErrors({});
                  }}
                  className="size-4 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {values.kind === 'price' ? (
          <WatchChoice
            value={values.watch}
            onChange={(w) => {
              // A seat alert watches one date: the first chosen stays.
              setValues((v) => ({ ...v, watch: w, dates: w === 'seats' ? v.dates.slice(0, 1) : v.dates }));
              setErrors({});
            }}
            origin={values.origin || null}
          />
        ) : null}
        <div data-field="origin_airport">
          <AirportPicker
            label="Origin airport"
            options={options}
            value={values.origin}
            onChange={(v) => set('origin', v, 'origin_airport')}
            columns={columns}
            loading={airports.isPending}
            error={airports.error?.message ?? null}
          />
          {fieldError('origin_airport')}
        </div>
        <div data-field="destination_airport" hidden={watch === 'origin_wide'}>
          <AirportPicker
            label="Destination airport"
            options={options}
            value={values.destination}
            onChange={(v) => set('destination', v, 'destination_airport')}
            columns={columns}
            loading={airports.isPending}
            error={airports.error?.message ?? null}
          />
          {fieldError('destination_airport')}
        </div>
        <div data-field="travel_dates">
          <TravelDatesField
            dates={values.dates}
            // A window-open alert watches one date: the last one picked replaces the other.
            onChange={(d) =>
              set('dates', values.kind === 'window_open' ? d.filter((x) => !values.dates.includes(x)).slice(-1) : d, 'travel_dates')
            }
            error={errors.travel_dates}
            blackoutDates={blackout.data ?? []}
            minDate={tomorrow}
            today={today}
            label={windowKind ? 'Travel date' : travelDatesLabel(watch)}
            max={windowKind || watch === 'seats' ? 1 : undefined}
          />
        </div>
        <OriginWideRangeNote range={range} />
        {windowKind && values.dates[0] ? (
          <WindowRangeSelect date={values.dates[0]} value={values.extraDays} onChange={(n) => set('extraDays', n)} />
        ) : null}
        {watch === 'seats' ? (
          <div data-field="seats">
            <SeatsField value={values.seats} onChange={(v) => set('seats', v, 'seats')} error={errors.seats} />
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="max_price" hidden={windowKind || watch !== 'price'}>
            <TextField
              label="Maximum price (USD)"
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              placeholder="e.g. 99"
              value={values.price}
              onChange={(e) => set('price', e.target.value, 'max_price')}
              error={errors.max_price}
            />
          </div>
          <TextField
            label="Phone for SMS alerts"
            type="tel"
            disabled
            value={phoneNumber ? formatPhone(phoneNumber) : ''}
            placeholder="Coming soon"
            hint="SMS alerts are coming soon; alerts arrive on the channels below."
          />
        </div>
        <div className="space-y-3">
          {!windowKind && watch === 'price' ? (
            <CheckboxField
              label="GoWild only"
              hint="Only GoWild fares with seats count. Unchecked, any fare on sale counts."
              checked={values.gowildOnly}
              onChange={(c) => set('gowildOnly', c)}
            />
          ) : null}
          {phoneNumber ? (
            <CheckboxField
              label={`Text me at ${formatPhone(phoneNumber)} too, once SMS alerts launch`}
              hint="Kept for when SMS alerts launch; nothing is texted yet."
              checked={values.smsConsent}
              onChange={(c) => set('smsConsent', c)}
            />
          ) : null}
        </div>
        <ChannelChoice value={values.channels} onChange={(c) => set('channels', c)} />
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={atLimit} isLoading={pending}>
          {atLimit ? ALERT_MESSAGES.maxAlertsReached : values.kind === 'window_open' ? WINDOW_ALERT_TEXTS.button : 'Create Alert'}
        </Button>
      </form>
    </section>
  );
}
