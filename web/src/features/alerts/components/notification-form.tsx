import { formatPhone } from '@gowild/contract/auth';
import { addDays, localToday } from '@gowild/contract/dates';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { useId, useMemo } from 'react';
import { useAirports } from '@/api/get-airports';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { buildAirportOptions } from '@/components/airport-picker/airport-options';
import { AirportPicker } from '@/components/airport-picker/airport-picker';
import { useGridColumns } from '@/components/airport-picker/use-grid-columns';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { type NotificationFormState, useNotificationFormState, useNotificationFormSubmit } from '../hooks/use-notification-form';
import type { NotificationFormField } from '../utils/alert-rules';
import { GoWildOnlyField, MaxPriceField, createAlertLabel } from './alert-form-fields';
import { ChannelChoice } from './channel-choice';
import { CheckboxField } from './checkbox-field';
import { TravelDatesField } from './travel-dates-field';
import { WatchChoice } from './watch-choice';
import { OriginWideRangeNote, SeatsField, WATCH_EXPLAIN, WindowRangeSelect, travelDatesLabel } from './wider-alert-fields';

export interface NotificationFormProps {
  /** The phone number on the user's profile: the SMS consent box shows only when there is one. */
  phoneNumber: string | null;
  /** 3 active alerts already: the button is disabled and says so. */
  atLimit: boolean;
  /** Injected in tests; the traveller's today otherwise. */
  today?: string;
}

/**
 * The create form of docs/product/alerts.md#notifications-page: a price alert (one airport pair, 1–5 dates, a price),
 * the wider ones the results' modal offers (seats left on one date, any destination from an origin over a range) and
 * a window-open alert over up to 7 days, with the modal's rules and texts.
 */
export function NotificationForm({ phoneNumber, atLimit, today: todayProp }: NotificationFormProps) {
  const blackout = useBlackoutDates();
  const ids = useId();
  const today = todayProp ?? localToday();
  const tomorrow = addDays(today, 1);
  const form = useNotificationFormState();
  const { formRef, submit, pending } = useNotificationFormSubmit(form, phoneNumber, atLimit, tomorrow);
  const { values, set, windowKind, watch, errors } = form;

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
        <AlertKindChoice form={form} name={`${ids}-kind`} />
        {values.kind === 'price' ? (
          <WatchChoice value={values.watch} onChange={(w) => form.choose({ kind: values.kind, watch: w })} origin={values.origin || null} />
        ) : null}
        <AirportFields form={form} />
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
        <OriginWideRangeNote range={form.range} />
        {windowKind && values.dates[0] ? (
          <WindowRangeSelect date={values.dates[0]} value={values.extraDays} onChange={(n) => set('extraDays', n)} />
        ) : null}
        {watch === 'seats' ? (
          <div data-field="seats">
            <SeatsField value={values.seats} onChange={(v) => set('seats', v, 'seats')} error={errors.seats} />
          </div>
        ) : null}
        <PriceAndConsentFields form={form} phoneNumber={phoneNumber} />
        <ChannelChoice value={values.channels} onChange={(c) => set('channels', c)} />
        {form.formError ? <Notice tone="error">{form.formError}</Notice> : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={atLimit} isLoading={pending}>
          {createAlertLabel(atLimit, windowKind)}
        </Button>
      </form>
    </section>
  );
}

/** 'Alert type': a price-kind alert (of any watch) or a window-open one. */
function AlertKindChoice({ form, name }: { form: NotificationFormState; name: string }) {
  const kinds = [
    ['price', WINDOW_ALERT_TEXTS.priceKindLabel],
    ['window_open', WINDOW_ALERT_TEXTS.kindLabel],
  ] as const;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Alert type</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {kinds.map(([kind, label]) => (
          <label key={kind} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name={name}
              value={kind}
              checked={form.values.kind === kind}
              onChange={() => form.choose({ kind, watch: form.values.watch })}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The origin and destination pickers (no destination for an any-destination alert), each with its error. */
function AirportFields({ form }: { form: NotificationFormState }) {
  const airports = useAirports();
  const columns = useGridColumns();
  const options = useMemo(() => buildAirportOptions(airports.data ?? [], 'airport'), [airports.data]);
  const { values, set, errors } = form;
  const fieldError = (field: NotificationFormField) =>
    errors[field] ? (
      <p className="mt-1 text-sm text-red-600" role="alert">
        {errors[field]}
      </p>
    ) : null;
  const picker = { options, columns, loading: airports.isPending, error: airports.error?.message ?? null };
  return (
    <>
      <div data-field="origin_airport">
        <AirportPicker label="Origin airport" value={values.origin} onChange={(v) => set('origin', v, 'origin_airport')} {...picker} />
        {fieldError('origin_airport')}
      </div>
      <div data-field="destination_airport" hidden={form.watch === 'origin_wide'}>
        <AirportPicker
          label="Destination airport"
          value={values.destination}
          onChange={(v) => set('destination', v, 'destination_airport')}
          {...picker}
        />
        {fieldError('destination_airport')}
      </div>
    </>
  );
}

/** A price alert's ceiling and GoWild only, the phone (SMS coming soon) and, with a phone, the consent to texts. */
function PriceAndConsentFields({ form, phoneNumber }: { form: NotificationFormState; phoneNumber: string | null }) {
  const { values, set, windowKind, watch } = form;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div data-field="max_price" hidden={windowKind || watch !== 'price'}>
          <MaxPriceField value={values.price} onChange={(v) => set('price', v, 'max_price')} error={form.errors.max_price} />
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
        {!windowKind && watch === 'price' ? <GoWildOnlyField checked={values.gowildOnly} onChange={(c) => set('gowildOnly', c)} /> : null}
        {phoneNumber ? (
          <CheckboxField
            label={`Text me at ${formatPhone(phoneNumber)} too, once SMS alerts launch`}
            hint="Kept for when SMS alerts launch; nothing is texted yet."
            checked={values.smsConsent}
            onChange={(c) => set('smsConsent', c)}
          />
        ) : null}
      </div>
    </>
  );
}
