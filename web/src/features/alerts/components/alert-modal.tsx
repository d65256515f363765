import { addDays, formatLongDate, localToday } from '@gowild/contract/dates';
import { ALERT_MESSAGES, MAX_ACTIVE_ALERTS } from '@gowild/contract/notifications';
import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { type AlertModalForm, useAlertLimit, useAlertModalForm, useAlertModalSubmit } from '../hooks/use-alert-modal-form';
import type { AlertWatch } from '../utils/alert-rules';
import { GoWildOnlyField, MaxPriceField, createAlertLabel } from './alert-form-fields';
import { AirportChoice } from './airport-choice';
import { ChannelChoice } from './channel-choice';
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

interface AlertFormProps {
  target: AlertTarget;
  onCancel: () => void;
  onCreated: () => void;
  today: string;
}

function AlertForm({ target, onCancel, onCreated, today }: AlertFormProps) {
  const form = useAlertModalForm(target, today);
  const limit = useAlertLimit();
  const { formRef, submit, pending } = useAlertModalSubmit(form, target, limit, onCreated);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="relative p-5 sm:p-6" data-testid="alert-modal">
      <AlertModalHeading form={form} target={target} onCancel={onCancel} />
      {limit.atLimit ? (
        <AlertLimitNotice />
      ) : (
        <div className="mt-5 space-y-5">
          <AirportChoices form={form} />
          {form.windowKind ? (
            <WindowRangeSelect date={target.date} value={form.extraDays} onChange={form.setExtraDays} />
          ) : (
            <WatchFields form={form} today={today} />
          )}
          <ChannelChoice value={form.channels} onChange={form.setChannels} />
        </div>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={pending} disabled={Boolean(form.cityError) || limit.atLimit}>
          {createAlertLabel(limit.atLimit, form.windowKind)}
        </Button>
      </div>
    </form>
  );
}

/** The close button, the title, the route (any destination, for that watch) and what the alert does. */
function AlertModalHeading({ form, target, onCancel }: { form: AlertModalForm; target: AlertTarget; onCancel: () => void }) {
  const { label, chosenOrigin, chosenDestination, watch } = form;
  return (
    <>
      <button
        type="button"
        onClick={onCancel}
        className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-700"
        aria-label="Close"
      >
        <CloseIcon className="size-5" />
      </button>
      <h2 id="alert-modal-title" className="pr-8 text-xl font-bold text-slate-900">
        {form.windowKind ? 'Alert Me When GoWild Opens' : TITLES[watch]}
      </h2>
      <p className="mt-1 pr-8 text-sm text-slate-600" data-testid="alert-route">
        {label(chosenOrigin, target.origin)} → {watch === 'origin_wide' ? 'any destination' : label(chosenDestination, target.destination)}
      </p>
      {form.windowKind ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="window-alert-date">
          {formatLongDate(target.date)}. Right after GoWild opens for this date we check it and tell you once: the GoWild price and seats,
          or that GoWild is not offered.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600" data-testid="alert-explain">
          {WATCH_EXPLAIN[watch]}
        </p>
      )}
    </>
  );
}

/** At the cap of active alerts: no form, a way to the alerts page instead. */
function AlertLimitNotice() {
  return (
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
  );
}

/** One airport out of each side's several (none asked for the destination of an any-destination alert). */
function AirportChoices({ form }: { form: AlertModalForm }) {
  const { origins, destinations, errors, nameOf } = form;
  return (
    <>
      {origins.error ? (
        <Notice tone="error">{origins.error}</Notice>
      ) : origins.codes.length > 1 ? (
        <AirportChoice
          legend="Departure airport"
          codes={origins.codes}
          value={form.origin}
          onChange={form.setOrigin}
          nameOf={nameOf}
          error={errors.origin}
        />
      ) : null}
      {destinations.error ? (
        <Notice tone="error">{destinations.error}</Notice>
      ) : destinations.codes.length > 1 && form.watch !== 'origin_wide' ? (
        <AirportChoice
          legend="Arrival airport"
          codes={destinations.codes}
          value={form.destination}
          onChange={form.setDestination}
          nameOf={nameOf}
          error={errors.destination}
        />
      ) : null}
    </>
  );
}

/** What a price-kind alert watches, and that watch's fields: seats, a price, the dates, GoWild only. */
function WatchFields({ form, today }: { form: AlertModalForm; today: string }) {
  const { watch, errors } = form;
  return (
    <>
      <WatchChoice value={watch} onChange={form.setWatch} origin={form.chosenOrigin || null} />
      {watch === 'seats' ? <SeatsField value={form.seats} onChange={form.setSeats} error={errors.seats} /> : null}
      {watch === 'price' ? (
        <MaxPriceField
          value={form.price}
          onChange={form.setPrice}
          error={errors.price}
          hint="The alert fires for a fare at or under this price."
        />
      ) : null}

      <TravelDatesField
        dates={form.dates}
        onChange={form.setDates}
        error={errors.dates}
        blackoutDates={form.blackoutDates}
        minDate={addDays(today, 1)}
        today={today}
        label={travelDatesLabel(watch)}
        max={watch === 'seats' ? 1 : undefined}
      />
      <OriginWideRangeNote range={form.range} />
      {form.dateHint ? (
        <p className="-mt-3 text-xs text-slate-600" data-testid="alert-date-hint">
          {form.dateHint}
        </p>
      ) : null}

      {watch === 'price' ? <GoWildOnlyField checked={form.gowildOnly} onChange={form.setGowildOnly} /> : null}
    </>
  );
}
