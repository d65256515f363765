import type { Itinerary } from '@gowild/contract/connections';
import type { Notification } from '@gowild/contract/notifications';
import { WIDER_ALERT_TEXTS } from '@gowild/contract/wider-alerts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, toastStore } from '@/components/ui/toast/toast-store';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { type RecordedCall, buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { AlertModal, type AlertTarget } from './alert-modal';
import { ChainAlertButton } from './chain-alert-button';
import { NotificationList } from './notification-list';

configure({ asyncUtilTimeout: 5000 });

const TODAY = '2026-11-23';
const AIRPORTS = [buildAirport('DEN', 'Denver'), buildAirport('LAS', 'Las Vegas'), buildAirport('MCO', 'Orlando')];

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    kind: 'price',
    origin_airport: 'DEN',
    destination_airport: 'LAS',
    travel_dates: ['2026-11-27'],
    max_price: null,
    gowild_only: true,
    phone_number: null,
    sms_consent: false,
    is_active: true,
    is_completed: false,
    found_price: null,
    found_travel_date: null,
    notification_sent: false,
    created_at: '2026-11-20T10:00:00.000Z',
    last_checked_at: null,
    channels: ['email'],
    opens_at: null,
    window_result: null,
    found_seats: null,
    max_seats: null,
    legs: null,
    found_destination: null,
    ...overrides,
  };
}
const created = (c: RecordedCall) => reply(201, { notification: notification({ id: 'new' }), message: `made ${c.path}` });
const toasts = () => toastStore.getSnapshot().map((t) => ({ type: t.type, title: t.title, message: t.message }));

async function openModal(target: Partial<AlertTarget> = {}) {
  const api = mockApi({
    ...signedInAs(buildUser({ is_premium: true })),
    'GET /api/airports': () => ({ airports: AIRPORTS }),
    'GET /api/gowild/blackout-dates': () => [],
    'GET /api/routes': () => ({ success: true, routes: [{ origin: 'DEN', destination: 'LAS' }] }),
    'GET /api/notifications': () => ({ notifications: [] }),
    'POST /api/notifications/seats': created,
    'POST /api/notifications/origin-wide': created,
    'POST /api/notifications/window-open': created,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <AlertModal target={{ origin: 'DEN', destination: 'LAS', date: '2026-11-24', ...target }} onClosed={() => {}} today={TODAY} />,
  );
  const dialog = await screen.findByRole('dialog');
  return { api, user, dialog };
}
const dateButton = (dialog: HTMLElement, date: string) => dialog.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;

describe('the alert modal’s wider choices (docs/product/alerts.md#alert-modal)', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it('seats: one date and a number of seats, no price; the call and the toast', async () => {
    const { api, user, dialog } = await openModal();
    await user.click(within(dialog).getByLabelText('GoWild seats drop to a number or fewer'));
    expect(within(dialog).getByRole('heading').textContent).toBe('Create Seat Alert');
    expect(within(dialog).queryByLabelText('Maximum price (USD)')).toBeNull();
    // A second day takes the first one's place.
    await user.click(dateButton(dialog, '2026-11-25'));
    const seats = within(dialog).getByLabelText('Seats left (1 to 20)');
    await user.clear(seats);
    await user.type(seats, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    expect(await within(dialog).findByText(WIDER_ALERT_TEXTS.seatsWhole)).toBeTruthy();
    await user.clear(seats);
    await user.type(seats, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/seats')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/seats')[0]!.body).toEqual({
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_date: '2026-11-25',
      max_seats: 2,
      channels: ['email'],
    });
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'success', title: 'Flight Alert Created!', message: 'made /api/notifications/seats' }]),
    );
  });

  it('any destination: the range from the first date chosen to the last, at most 7 days', async () => {
    const { api, user, dialog } = await openModal();
    await user.click(within(dialog).getByLabelText('Any destination from DEN has GoWild'));
    expect(within(dialog).getByTestId('alert-route').textContent).toBe('Denver (DEN) → any destination');
    await user.click(dateButton(dialog, '2026-11-26'));
    expect(within(dialog).getByTestId('alert-range').textContent).toBe('Watches every day of Tue, Nov 24, 2026 to Thu, Nov 26, 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/origin-wide')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/origin-wide')[0]!.body).toEqual({
      origin_airport: 'DEN',
      travel_date: '2026-11-24',
      travel_date_to: '2026-11-26',
      channels: ['email'],
    });
  });

  it('a window-open alert may watch the days after its date', async () => {
    const { api, user, dialog } = await openModal({ kind: 'window_open' });
    await user.selectOptions(within(dialog).getByLabelText('Also watch the days after'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Alert me when it opens' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/window-open')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/window-open')[0]!.body).toMatchObject({
      travel_date: '2026-11-24',
      travel_date_to: '2026-11-26',
    });
  });
});

describe('the list shows each wider kind', () => {
  afterEach(resetTestState);

  it('names the kind, what it watches and what it found', async () => {
    mockApi({ ...signedInAs(buildUser({ is_premium: true })) });
    renderWithProviders(
      <NotificationList
        notifications={[
          notification({
            id: 'a',
            kind: 'origin_wide',
            destination_airport: 'ANY',
            is_completed: true,
            found_price: 19,
            found_travel_date: '2026-11-27',
            found_destination: 'LAS',
          }),
          notification({ id: 'b', kind: 'seats', destination_airport: 'MCO', max_seats: 3 }),
          notification({
            id: 'c',
            kind: 'chain',
            destination_airport: 'MCO',
            legs: [
              { origin: 'DEN', destination: 'LAS', date: '2026-11-27', flight_number: '101' },
              { origin: 'LAS', destination: 'MCO', date: '2026-11-27', flight_number: '202' },
            ],
          }),
        ]}
        isPending={false}
        loadError={null}
        onRetry={() => {}}
        showCompleted
        onShowCompletedChange={() => {}}
        nameOf={(code) => AIRPORTS.find((a) => a.stationCode === code)?.cityAndCode ?? null}
      />,
    );
    const items = await screen.findAllByTestId('notification');
    expect(within(items[0]!).getByRole('heading').textContent).toBe('DEN → anywhere');
    expect(within(items[0]!).getByTestId('notification-status').textContent).toBe('GoWild to LAS: $19.00');
    expect(items[0]!.textContent).toContain('$19 to LAS on');
    expect(items[1]!.textContent).toContain('3 or fewer GoWild seats');
    expect(within(items[2]!).getByRole('heading').textContent).toBe('DEN → LAS → MCO');
    expect(within(items[2]!).getByTestId('notification-legs').textContent).toContain('202 · LAS → MCO');
  });
});

describe('the route builder’s chain alert', () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  const leg = (origin: string, destination: string, number: string) => ({
    flight: buildFlight({
      origin,
      destination,
      flight_number: number,
      departure_time: '2026-11-27T08:00:00',
      arrival_time: '2026-11-27T10:00:00',
    }),
    fare_kind: 'standard' as const,
    opens_at: '2026-11-26T07:00:00.000Z',
    opens_time_zone: 'America/Denver',
    open_now: true,
    checked_at: '2026-11-23T10:00:00.000Z',
    confirmed: true,
  });
  const itinerary = (legs: ReturnType<typeof leg>[]) => ({ id: 'x', origin: 'DEN', destination: 'MCO', legs }) as unknown as Itinerary;

  it('creates the alert for each flight by route, day and number, on the channels chosen', async () => {
    const api = mockApi({
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/notifications': () => ({ notifications: [] }),
      'POST /api/notifications/chain': created,
    });
    const user = userEvent.setup();
    renderWithProviders(<ChainAlertButton itinerary={itinerary([leg('DEN', 'LAS', '101'), leg('LAS', 'MCO', '202')])} />);
    await user.click(screen.getByRole('button', { name: WIDER_ALERT_TEXTS.chainButton }));
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/chain')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/chain')[0]!.body).toEqual({
      legs: [
        { origin_airport: 'DEN', destination_airport: 'LAS', travel_date: '2026-11-27', flight_number: '101' },
        { origin_airport: 'LAS', destination_airport: 'MCO', travel_date: '2026-11-27', flight_number: '202' },
      ],
      channels: ['email'],
    });
    expect(await screen.findByTestId('chain-alert-set')).toBeTruthy();
    expect(toasts()[0]).toMatchObject({ title: WIDER_ALERT_TEXTS.chainCreatedTitle });
  });

  it('is not offered on a one-flight itinerary, and says so at 3 active alerts', async () => {
    mockApi({
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/notifications': () => ({
        notifications: [notification({ id: '1' }), notification({ id: '2' }), notification({ id: '3' })],
      }),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ChainAlertButton itinerary={itinerary([leg('DEN', 'MCO', '1')])} />);
    expect(screen.queryByRole('button', { name: WIDER_ALERT_TEXTS.chainButton })).toBeNull();
    unmount();
    renderWithProviders(<ChainAlertButton itinerary={itinerary([leg('DEN', 'LAS', '101'), leg('LAS', 'MCO', '202')])} />);
    await user.click(screen.getByRole('button', { name: WIDER_ALERT_TEXTS.chainButton }));
    expect(await screen.findByTestId('chain-alert-limit')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Maximum 3 alerts reached' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
