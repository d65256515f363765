import { formatPhone } from '@gowild/contract/auth';
import { addDays, localToday } from '@gowild/contract/dates';
import { ALERT_MESSAGES, alertCreatedFromPage } from '@gowild/contract/notifications';
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
import { type NotificationFormField, validateNotificationForm } from '../utils/alert-rules';
import { CheckboxField } from './checkbox-field';
import { TravelDatesField } from './travel-dates-field';

export interface NotificationFormProps {
  /** The phone number on the user's profile: the SMS consent box shows only when there is one. */
  phoneNumber: string | null;
  /** 3 active alerts already: the button is disabled and says so. */
  atLimit: boolean;
  /** Injected in tests; the traveller's today otherwise. */
  today?: string;
}

const EMPTY = { origin: '', destination: '', dates: [] as string[], price: '', gowildOnly: false, smsConsent: false };

/** The create form of docs/product/alerts.md#notifications-page: one airport pair, 1–5 dates, a price. */
export function NotificationForm({ phoneNumber, atLimit, today: todayProp }: NotificationFormProps) {
  const airports = useAirports();
  const blackout = useBlackoutDates();
  const create = useCreateNotification();
  const columns = useGridColumns();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const today = todayProp ?? localToday();
  const tomorrow = addDays(today, 1);

  const options = useMemo(() => buildAirportOptions(airports.data ?? [], 'airport'), [airports.data]);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<NotificationFormField>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K], field?: NotificationFormField) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (field) setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (atLimit || create.isPending) return;
    setFormError(null);
    const found = validateNotificationForm(
      { origin_airport: values.origin, destination_airport: values.destination, travel_dates: values.dates, max_price: values.price },
      tomorrow,
    );
    setErrors(found);
    const firstField = (['origin_airport', 'destination_airport', 'travel_dates', 'max_price'] as const).find((f) => found[f]);
    if (firstField) {
      requestAnimationFrame(() => {
        const box = formRef.current?.querySelector(`[data-field="${firstField}"]`);
        box?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')?.focus();
      });
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
        One route, up to 5 dates. We check every 10 minutes and e-mail you once when a fare at or under your price appears.
      </p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-5 space-y-6" data-testid="notification-form">
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
        <div data-field="destination_airport">
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
            onChange={(d) => set('dates', d, 'travel_dates')}
            error={errors.travel_dates}
            blackoutDates={blackout.data ?? []}
            minDate={tomorrow}
            today={today}
            label="Travel dates (up to 5)"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div data-field="max_price">
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
            hint="SMS alerts are coming soon; alerts arrive by e-mail."
          />
        </div>
        <div className="space-y-3">
          <CheckboxField
            label="GoWild only"
            hint="Only GoWild fares with seats count. Unchecked, any fare on sale counts."
            checked={values.gowildOnly}
            onChange={(c) => set('gowildOnly', c)}
          />
          {phoneNumber ? (
            <CheckboxField
              label={`Text me at ${formatPhone(phoneNumber)} too, once SMS alerts launch`}
              hint="Kept for when SMS alerts launch; nothing is texted yet."
              checked={values.smsConsent}
              onChange={(c) => set('smsConsent', c)}
            />
          ) : null}
        </div>
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={atLimit} isLoading={create.isPending}>
          {atLimit ? ALERT_MESSAGES.maxAlertsReached : 'Create Alert'}
        </Button>
      </form>
    </section>
  );
}
