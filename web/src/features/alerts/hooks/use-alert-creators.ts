import { addDays } from '@gowild/contract/dates';
import type { AlertChannelKind } from '@gowild/contract/notifications';
import { useCreateNotification } from '../api/create-notification';
import { useCreateWiderAlert } from '../api/create-wider-alert';
import { useCreateWindowAlert } from '../api/create-window-alert';

/** What happens once a create call answers: the toast (and closing or emptying the form), or the refusal shown. */
export interface AlertCallbacks<R = { message: string }> {
  onSuccess: (res: R) => void;
  onError: (error: unknown) => void;
}

/** A seat alert (one date, a number of seats) or an any-destination alert (a range), as the modal and the form send it. */
export interface WiderAlertInput {
  origin: string;
  destination: string;
  /** The first date chosen: a seat alert watches only it. */
  date: string;
  seats: string;
  /** An any-destination alert's range, from the first date chosen to the last. */
  range: { from: string; to: string } | null;
  channels: AlertChannelKind[];
}

/** A window-open alert: its date and how many days after it it watches too. */
export interface WindowAlertInput {
  origin: string;
  destination: string;
  date: string;
  extraDays: number;
  channels: AlertChannelKind[];
}

/**
 * The create calls of every kind the results' modal and the /notifications form offer, one place for both: the price
 * alert's call (whose bodies differ), and the wider and window-open alerts' calls built the same way from either.
 */
export function useAlertCreators() {
  const price = useCreateNotification();
  const windowOpen = useCreateWindowAlert();
  const seats = useCreateWiderAlert('seats');
  const originWide = useCreateWiderAlert('origin-wide');
  const pending = price.isPending || windowOpen.isPending || seats.isPending || originWide.isPending;

  const sendWider = (kind: 'seats' | 'origin_wide', input: WiderAlertInput, callbacks: AlertCallbacks) => {
    if (kind === 'seats') {
      seats.mutate(
        {
          origin_airport: input.origin,
          destination_airport: input.destination,
          travel_date: input.date,
          max_seats: Number(input.seats),
          channels: input.channels,
        },
        callbacks,
      );
    } else if (input.range) {
      originWide.mutate(
        { origin_airport: input.origin, travel_date: input.range.from, travel_date_to: input.range.to, channels: input.channels },
        callbacks,
      );
    }
  };

  const sendWindow = (input: WindowAlertInput, callbacks: AlertCallbacks) =>
    windowOpen.mutate(
      {
        origin_airport: input.origin,
        destination_airport: input.destination,
        travel_date: input.date,
        ...(input.extraDays > 0 ? { travel_date_to: addDays(input.date, input.extraDays) } : {}),
        channels: input.channels,
      },
      callbacks,
    );

  return { price, sendWider, sendWindow, pending };
}
