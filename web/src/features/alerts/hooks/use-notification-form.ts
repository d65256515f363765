import { ALERT_MESSAGES, type AlertChannelKind, type Notification, alertCreatedFromPage } from '@gowild/contract/notifications';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { type FormEvent, useRef, useState } from 'react';
import { showToast } from '@/components/ui/toast/toast-store';
import type { FieldErrors } from '@/lib/form-errors';
import { alertErrorText } from '../api/create-notification';
import {
  type AlertWatch,
  type NotificationFormField,
  originWideRange,
  validateNotificationForm,
  validateWiderAlertModal,
} from '../utils/alert-rules';
import { type AlertCallbacks, useAlertCreators } from './use-alert-creators';

export type FormField = NotificationFormField | 'seats';

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

export type NotificationFormValues = typeof EMPTY;

/** The /notifications create form's values, the texts its rules found, and the refusal the server gave. */
export function useNotificationFormState() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** A field's change clears the text it had from the last submit. */
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K], field?: FormField) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (field) setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  /** Another kind, or another watch, keeps the first date alone where the new one watches one; every text goes. */
  const choose = (next: Pick<NotificationFormValues, 'kind' | 'watch'>) => {
    setValues((v) => ({
      ...v,
      ...next,
      dates: next.kind === 'window_open' || next.watch === 'seats' ? v.dates.slice(0, 1) : v.dates,
    }));
    setErrors({});
  };

  const windowKind = values.kind === 'window_open';
  // What a price-kind alert watches; a window-open alert has no such choice.
  const watch: AlertWatch = windowKind ? 'price' : values.watch;
  return {
    values,
    set,
    choose,
    reset: () => setValues(EMPTY),
    windowKind,
    watch,
    range: watch === 'origin_wide' ? originWideRange(values.dates) : null,
    errors,
    setErrors,
    formError,
    setFormError,
  };
}

export type NotificationFormState = ReturnType<typeof useNotificationFormState>;

/** The field errors a seat or any-destination alert's values get: the results modal's rules and texts. */
function widerErrors(kind: Exclude<AlertWatch, 'price'>, values: NotificationFormValues): FieldErrors<FormField> {
  const w = validateWiderAlertModal(kind, {
    origin: values.origin,
    destination: values.destination,
    dates: values.dates,
    seats: values.seats,
  });
  if (kind === 'seats' && !w.destination && values.origin && values.origin === values.destination)
    w.destination = ALERT_MESSAGES.sameAirports;
  return { origin_airport: w.origin, destination_airport: w.destination, travel_dates: w.dates, seats: w.seats };
}

type NotificationCreated = { notification: Notification; message: string };

/**
 * The form's submit: its rules (the first field refused takes the focus), then the call for the kind and watch; once
 * created the form empties and a toast says so, a refusal shows on the form.
 */
export function useNotificationFormSubmit(form: NotificationFormState, phoneNumber: string | null, atLimit: boolean, tomorrow: string) {
  const creators = useAlertCreators();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, watch } = form;

  const callbacks = <R extends { message: string }>(title: string, message?: (res: R) => string): AlertCallbacks<R> => ({
    onSuccess: (res) => {
      form.reset();
      showToast({ type: 'success', title, message: message ? message(res) : res.message });
    },
    onError: (error) => form.setFormError(alertErrorText(error, ALERT_MESSAGES.createFailed)),
  });

  /** Shows the texts found and focuses the first field with one; true when there was any. */
  const refused = (found: FieldErrors<FormField>): boolean => {
    form.setErrors(found);
    const firstField = (['origin_airport', 'destination_airport', 'travel_dates', 'max_price', 'seats'] as const).find((f) => found[f]);
    if (!firstField) return false;
    requestAnimationFrame(() => {
      const box = formRef.current?.querySelector(`[data-field="${firstField}"]`);
      box?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')?.focus();
    });
    return true;
  };

  const send = () => {
    const { origin, destination, dates, channels } = values;
    if (watch !== 'price') {
      const input = { origin, destination, date: dates[0]!, seats: values.seats, range: form.range, channels };
      return creators.sendWider(watch, input, callbacks(ALERT_MESSAGES.createdTitle));
    }
    if (form.windowKind)
      return creators.sendWindow(
        { origin, destination, date: dates[0]!, extraDays: values.extraDays, channels },
        callbacks(WINDOW_ALERT_TEXTS.createdTitle),
      );
    creators.price.mutate(
      {
        origin_airport: origin,
        destination_airport: destination,
        travel_dates: dates,
        max_price: Number(values.price),
        gowild_only: values.gowildOnly,
        phone_number: phoneNumber,
        sms_consent: phoneNumber ? values.smsConsent : false,
        channels,
      },
      callbacks(ALERT_MESSAGES.createdTitle, (res: NotificationCreated) => alertCreatedFromPage(res.notification.travel_dates.length)),
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (atLimit || creators.pending || values.channels.length === 0) return;
    form.setFormError(null);
    const found =
      watch !== 'price'
        ? widerErrors(watch, values)
        : validateNotificationForm(
            {
              origin_airport: values.origin,
              destination_airport: values.destination,
              travel_dates: values.dates,
              // A window-open alert has no price: the price rule is not asked.
              max_price: form.windowKind ? '1' : values.price,
            },
            tomorrow,
          );
    if (!refused(found)) send();
  };

  return { formRef, submit, pending: creators.pending };
}
