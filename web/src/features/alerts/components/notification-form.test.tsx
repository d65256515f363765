import type { Notification } from '@gowild/contract/notifications';
import { WIDER_ALERT_TEXTS } from '@gowild/contract/wider-alerts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, toastStore } from '@/components/ui/toast/toast-store';
import { buildAirport } from '@/test/build-airport';
import { type RecordedCall, buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { NotificationForm } from './notification-form';

configure({ asyncUtilTimeout: 5000 });

const TODAY = '2026-11-23';
const AIRPORTS = [buildAirport('DEN', 'Denver'), buildAirport('LAS', 'Las Vegas'), buildAirport('MCO', 'Orlando')];
const notification: Notification = {
  id: 'new',
  kind: 'seats',
  origin_airport: 'DEN',
  destination_airport: 'LAS',
  travel_dates: ['2026-11-25'],
  max_price: null,
  gowild_only: true,
  phone_number: null,
  sms_consent: false,
  is_active: true,
  is_completed: false,
  found_price: null,
  found_travel_date: null,
  notification_sent: false,
  created_at: '2026-11-23T10:00:00.000Z',
  last_checked_at: null,
  channels: ['email'],
  opens_at: null,
  window_result: null,
  found_seats: null,
  max_seats: 4,
  legs: null,
  found_destination: null,
};
const created = (c: RecordedCall) => reply(201, { notification, message: `made ${c.path}` });

function show() {
  const api = mockApi({
    ...signedInAs(buildUser({ is_premium: true })),
    'GET /api/airports': () => ({ airports: AIRPORTS }),
    'GET /api/gowild/blackout-dates': () => [],
    'POST /api/notifications/seats': created,
    'POST /api/notifications/origin-wide': created,
    'POST /api/notifications/window-open': created,
  });
  renderWithProviders(<NotificationForm phoneNumber={null} atLimit={false} today={TODAY} />);
  return { api, user: userEvent.setup(), form: screen.getByTestId('notification-form') };
}
const pick = async (form: HTMLElement, list: string, code: string, user: ReturnType<typeof userEvent.setup>) =>
  user.click(
    within(await within(form).findByRole('list', { name: `${list} choices` })).getByRole('button', { name: new RegExp(`^${code}`) }),
  );
const day = (form: HTMLElement, date: string) => form.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;
const toasts = () => toastStore.getSnapshot().map((t) => ({ type: t.type, title: t.title, message: t.message }));

describe('the notifications page creates the wider alerts (issue 31)', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it('seats: one date and a number of seats, with the modal’s texts', async () => {
    const { api, user, form } = show();
    await user.click(within(form).getByLabelText('GoWild seats drop to a number or fewer'));
    expect(within(form).queryByRole('spinbutton', { name: 'Maximum price (USD)' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    expect(await within(form).findByText('Please select a departure airport')).toBeTruthy();
    await pick(form, 'Origin airport', 'DEN', user);
    await pick(form, 'Destination airport', 'LAS', user);
    await user.click(day(form, '2026-11-24'));
    await user.click(day(form, '2026-11-25'));
    const seats = within(form).getByLabelText('Seats left (1 to 20)');
    await user.clear(seats);
    await user.type(seats, '0');
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    expect(await within(form).findByText(WIDER_ALERT_TEXTS.seatsWhole)).toBeTruthy();
    await user.clear(seats);
    await user.type(seats, '4');
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/seats')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/seats')[0]!.body).toEqual({
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_date: '2026-11-25',
      max_seats: 4,
      channels: ['email'],
    });
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'success', title: 'Flight Alert Created!', message: 'made /api/notifications/seats' }]),
    );
  });

  it('any destination from an origin: no destination asked, the range from the first date to the last, 7 days at most', async () => {
    const { api, user, form } = show();
    await pick(form, 'Origin airport', 'DEN', user);
    await user.click(within(form).getByLabelText('Any destination from DEN has GoWild'));
    expect(form.querySelector('[data-field="destination_airport"]')!.hasAttribute('hidden')).toBe(true);
    await user.click(day(form, '2026-11-24'));
    await user.click(day(form, '2026-11-26'));
    expect(within(form).getByTestId('alert-range').textContent).toBe('Watches every day of Tue, Nov 24, 2026 to Thu, Nov 26, 2026.');
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/origin-wide')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/origin-wide')[0]!.body).toEqual({
      origin_airport: 'DEN',
      travel_date: '2026-11-24',
      travel_date_to: '2026-11-26',
      channels: ['email'],
    });
  });

  it('a window-open alert over a range of days', async () => {
    const { api, user, form } = show();
    await user.click(within(form).getByLabelText('When GoWild opens'));
    await pick(form, 'Origin airport', 'DEN', user);
    await pick(form, 'Destination airport', 'LAS', user);
    await user.click(day(form, '2026-11-25'));
    await user.selectOptions(within(form).getByLabelText('Also watch the days after'), '3');
    await user.click(within(form).getByRole('button', { name: 'Alert me when it opens' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/window-open')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/window-open')[0]!.body).toEqual({
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_date: '2026-11-25',
      travel_date_to: '2026-11-28',
      channels: ['email'],
    });
  });
});
