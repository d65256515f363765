import type { Notification } from '@gowild/contract/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toastStore } from '@/components/ui/toast/toast-store';
import { buildAirport } from '@/test/build-airport';
import { type RecordedCall, buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { ALERT_MODAL_FADE_MS, AlertModal, type AlertTarget } from './alert-modal';

// A loaded CI machine can take longer than the 1 s default to load the lists and render.
configure({ asyncUtilTimeout: 5000 });

const TODAY = '2026-11-23';
const TOMORROW = '2026-11-24';
const AIRPORTS = [
  buildAirport('DEN', 'Denver'),
  buildAirport('JFK', 'New York'),
  buildAirport('LGA', 'New York'),
  buildAirport('LAS', 'Las Vegas'),
];

function created(call: RecordedCall): { notification: Notification; message: string } {
  const b = call.body as {
    origin_airport: string;
    destination_airport: string;
    travel_dates: string[];
    max_price: number;
    gowild_only: boolean;
  };
  return {
    message: 'Flight alert created',
    notification: {
      id: 'n1',
      ...b,
      phone_number: null,
      channels: ['email'],
      sms_consent: false,
      is_active: true,
      is_completed: false,
      found_price: null,
      found_travel_date: null,
      notification_sent: false,
      created_at: '2026-11-23T12:00:00.000Z',
      last_checked_at: null,
      kind: 'price',
      opens_at: null,
      window_result: null,
      found_seats: null,
      max_seats: null,
      legs: null,
      found_destination: null,
    },
  };
}

/** The home route's part: a button that opens the modal for a card, and unmounts it once it has closed. */
function Harness({ target }: { target: AlertTarget }) {
  const [open, setOpen] = useState<AlertTarget | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(target)}>
        Price alert
      </button>
      {open ? <AlertModal target={open} onClosed={() => setOpen(null)} today={TODAY} /> : null}
    </>
  );
}

async function start(target: Partial<AlertTarget> = {}, handlers = {}) {
  const api = mockApi({
    ...signedInAs(buildUser({ is_premium: true })),
    'GET /api/airports': () => ({ airports: AIRPORTS }),
    'GET /api/gowild/blackout-dates': () => [],
    // The route network: JFK flies only to Denver.
    'GET /api/routes': () => ({ success: true, routes: ['DEN-LAS', 'LGA-LAS', 'DEN-JFK', 'DEN-LGA', 'JFK-DEN'].map(route) }),
    'POST /api/notifications': (c) => reply(201, created(c)),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<Harness target={{ origin: 'DEN', destination: 'LAS', date: TOMORROW, ...target }} />);
  const trigger = screen.getByRole('button', { name: 'Price alert' });
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog', {
    name: target.kind === 'window_open' ? 'Alert Me When GoWild Opens' : 'Create Price Alert',
  });
  return { api, user, dialog, trigger };
}

const valid = { origin_airport: 'LGA', destination_airport: 'LAS', travel_dates: ['2026-11-26'], max_price: 1, gowild_only: true };
const route = (r: string) => ({ origin: r.slice(0, 3), destination: r.slice(4) });

const toasts = () => toastStore.getSnapshot().map((t) => ({ type: t.type, title: t.title, message: t.message }));
const dateButton = (dialog: HTMLElement, date: string) => dialog.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;

describe('alert modal (docs/product/alerts.md#alert-modal)', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it('from an explanation that GoWild is not open yet: a window-open alert for that date, no price, one airport chosen', async () => {
    const { api, user, dialog } = await start(
      { origin: 'CITY:NYC', date: '2026-11-26', kind: 'window_open' },
      {
        'POST /api/notifications/window-open': () =>
          reply(201, { ...created({ body: { ...valid } } as unknown as RecordedCall), message: 'Alert set' }),
      },
    );
    expect(within(dialog).queryByLabelText('Maximum price (USD)')).toBeNull();
    expect(within(dialog).getByTestId('window-alert-date').textContent).toContain('Thursday, November 26, 2026');
    // New York: only LGA flies to Las Vegas.
    expect(within(dialog).getByTestId('alert-route').textContent).toBe('New York (LGA) → Las Vegas (LAS)');
    await user.click(within(dialog).getByRole('button', { name: 'Alert me when it opens' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/window-open')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/window-open')[0]!.body).toEqual({
      origin_airport: 'LGA',
      destination_airport: 'LAS',
      travel_date: '2026-11-26',
      channels: ['email'],
    });
    expect(api.callsTo('POST /api/notifications')).toHaveLength(0);
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Window Alert Created!', message: 'Alert set' }]));
  });

  it('says the Peak Day Charge with its amount on a blackout date box, as the search form does (issue 31)', async () => {
    // 2026-11-26 is a blackout within the GoWild windows: the box says the charge and its amount from the config.
    const { dialog } = await start({}, { 'GET /api/gowild/blackout-dates': () => ['2026-11-26'] });
    await waitFor(() => expect(dateButton(dialog, '2026-11-26').textContent).toContain('GoWild needs a Peak Day Charge (from $79)'));
  });

  it('preselects the searched date, takes a price and GoWild only, and creates the alert with the success toast', async () => {
    const { api, user, dialog } = await start();
    expect(within(dialog).getByTestId('alert-route').textContent).toBe('Denver (DEN) → Las Vegas (LAS)');
    expect(dateButton(dialog, TOMORROW).getAttribute('aria-pressed')).toBe('true');
    const price = within(dialog).getByLabelText('Maximum price (USD)') as HTMLInputElement;
    expect([price.type, price.min, price.step]).toEqual(['number', '1', '0.01']);
    await user.type(price, '89.99');
    await user.click(dateButton(dialog, '2026-11-26'));
    await user.click(within(dialog).getByLabelText('GoWild only'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));

    await waitFor(() => expect(api.callsTo('POST /api/notifications')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications')[0]!.body).toEqual({
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_dates: [TOMORROW, '2026-11-26'],
      max_price: 89.99,
      gowild_only: true,
      channels: ['email'],
    });
    await waitFor(() =>
      expect(toasts()).toEqual([
        {
          type: 'success',
          title: 'Flight Alert Created!',
          message:
            "Successfully created flight alert for 2 date(s)! Check your email for confirmation and you'll be notified when we find matching flights.",
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers tomorrow or later only: a search for today preselects tomorrow and says why', async () => {
    const { dialog } = await start({ date: TODAY });
    expect(dateButton(dialog, TODAY)).toBeNull();
    await waitFor(() => expect(dateButton(dialog, TOMORROW).getAttribute('aria-pressed')).toBe('true'));
    expect(within(dialog).getByTestId('alert-date-hint').textContent).toBe(
      'Alerts watch tomorrow or later, so today, Monday, November 23, 2026, cannot be watched. Tomorrow, Tuesday, November 24, 2026, is chosen instead.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Calendar view' }));
    expect(dateButton(dialog, TODAY).disabled).toBe(true);
    expect(dateButton(dialog, '2026-11-22').disabled).toBe(true);
    expect(dateButton(dialog, TOMORROW).disabled).toBe(false);
  });

  it('never starts on blackout days: the first boxes and the chosen date skip them (issue 31, defect 8)', async () => {
    // Tomorrow and the two days after are blackout dates, as the weekend after Thanksgiving is.
    const { dialog } = await start(
      { date: TODAY },
      { 'GET /api/gowild/blackout-dates': () => ['2026-11-24', '2026-11-25', '2026-11-26', '2026-12-24'] },
    );
    await waitFor(() => expect(dateButton(dialog, '2026-11-27').getAttribute('aria-pressed')).toBe('true'));
    const boxes = within(dialog).getByTestId('date-selector-boxes');
    expect([...boxes.querySelectorAll<HTMLElement>('button[data-date]')].map((b) => b.dataset.date)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(within(dialog).getByTestId('alert-date-hint').textContent).toBe(
      'Alerts watch tomorrow or later, so today, Monday, November 23, 2026, cannot be watched. Friday, November 27, 2026 is chosen instead: the first day from tomorrow that is not a GoWild blackout date.',
    );
    // Every day is still there on request.
    await userEvent.click(within(dialog).getByRole('button', { name: /Show more/ }));
    expect(dateButton(dialog, TOMORROW).getAttribute('aria-label')).toMatch(/blackout/);
  });

  it('says what is missing, and refuses a sixth date', async () => {
    const { api, user, dialog } = await start({ date: TODAY });
    // Tomorrow is chosen for a search of today: take it off to see the form ask for a date.
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Tue, Nov 24' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    expect(within(dialog).getByText('Please enter a valid price')).toBeTruthy();
    expect(within(dialog).getByText('Please select at least one travel date')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Maximum price (USD)')));
    await user.type(within(dialog).getByLabelText('Maximum price (USD)'), '0');
    await user.click(within(dialog).getByRole('button', { name: /Show more/ }));
    for (let i = 1; i <= 5; i++) await user.click(dateButton(dialog, `2026-11-${23 + i}`));
    expect(within(dialog).queryByText('Please select at least one travel date')).toBeNull();
    await user.click(dateButton(dialog, '2026-11-29'));
    expect(within(dialog).getByText('Maximum 5 travel dates allowed')).toBeTruthy();
    expect(dateButton(dialog, '2026-11-29').getAttribute('aria-pressed')).toBe('false');
    expect(within(dialog).getByText('5 of 5 dates')).toBeTruthy();
    // A chosen date can be taken off the list.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Tue, Nov 24' }));
    expect(within(dialog).getByText('4 of 5 dates')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    expect(within(dialog).getByText('Please enter a valid price')).toBeTruthy();
    expect(api.callsTo('POST /api/notifications')).toHaveLength(0);
  });

  it('asks for one airport when the search was a city, each side on its own', async () => {
    const { api, user, dialog } = await start(
      { origin: 'CITY:NYC', destination: 'LAS' },
      { 'GET /api/routes': () => ({ success: true, routes: ['JFK-LAS', 'LGA-LAS', 'EWR-LAS'].map(route) }) },
    );
    const group = within(dialog).getByRole('group', { name: 'Departure airport' });
    // EWR is in the New York group but not in this network.
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['JFK', 'LGA']);
    expect(within(dialog).queryByRole('group', { name: 'Arrival airport' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Maximum price (USD)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    expect(within(dialog).getByText('Please select a departure airport')).toBeTruthy();
    await user.click(within(group).getByRole('radio', { name: /LGA/ }));
    expect(within(dialog).queryByText('Please select a departure airport')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications')[0]!.body).toMatchObject({ origin_airport: 'LGA', destination_airport: 'LAS' });
  });

  it("offers only the city's airports that fly the route, as the results saw them", async () => {
    const { api, user, dialog } = await start({ origin: 'CITY:NYC', destination: 'LAS', servedOrigins: ['LGA'] });
    // JFK is a New York airport in the network, but no flight of this card leaves from it: no choice to make.
    expect(within(dialog).queryByRole('group', { name: 'Departure airport' })).toBeNull();
    expect(within(dialog).getByTestId('alert-route').textContent).toBe('New York (LGA) → Las Vegas (LAS)');
    await user.type(within(dialog).getByLabelText('Maximum price (USD)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications')[0]!.body).toMatchObject({ origin_airport: 'LGA', destination_airport: 'LAS' });
  });

  it('offers only airports with the route wherever it opens, without the results knowing (decision 198)', async () => {
    // From the return screen or another page: no served airports are handed over, the route network narrows.
    const { api, user, dialog } = await start({ origin: 'CITY:NYC', destination: 'LAS' });
    await waitFor(() => expect(within(dialog).getByTestId('alert-route').textContent).toBe('New York (LGA) → Las Vegas (LAS)'));
    expect(within(dialog).queryByRole('group', { name: 'Departure airport' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Maximum price (USD)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications')[0]!.body).toMatchObject({ origin_airport: 'LGA', destination_airport: 'LAS' });
  });

  it('asks for the arrival airport when the destination is several airports', async () => {
    const { user, dialog } = await start({ origin: 'DEN', destination: 'JFK,LGA' });
    await user.type(within(dialog).getByLabelText('Maximum price (USD)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    expect(within(dialog).getByText('Please select an arrival airport')).toBeTruthy();
    expect(within(dialog).getAllByRole('radio', { name: /JFK|LGA/ })).toHaveLength(2);
  });

  it('cannot create an alert for a city none of whose airports are served', async () => {
    const { dialog } = await start({ origin: 'CITY:CHI', destination: 'LAS' });
    expect(within(dialog).getByText('No airports found for the selected origin city. Please try a different search.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Create Alert' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the 3-alert cap before the form is filled in, and offers the alerts page instead', async () => {
    const active = (id: string) => ({
      ...created({
        body: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [TOMORROW], max_price: 50, gowild_only: false },
      } as RecordedCall).notification,
      id,
    });
    const { api, dialog } = await start(
      {},
      { 'GET /api/notifications': () => ({ notifications: [active('a1'), active('a2'), active('a3')] }) },
    );
    const limit = await within(dialog).findByTestId('alert-limit');
    expect(limit.textContent).toContain('Maximum 3 alerts reached');
    expect(within(limit).getByRole('link', { name: 'Manage alerts' }).getAttribute('href')).toBe('/notifications');
    expect(within(dialog).queryByLabelText('Maximum price (USD)')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Create Alert' })).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Maximum 3 alerts reached' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST /api/notifications')).toHaveLength(0);
  });

  it("shows the server's text in an 'Error' toast, else the modal's default, and stays open", async () => {
    const { user, dialog } = await start(
      {},
      {
        'POST /api/notifications': vi
          .fn()
          .mockReturnValueOnce(reply(409, { error: 'Maximum 3 alerts reached', message: 'Conflict', code: 'ALERT_LIMIT' }))
          .mockReturnValueOnce(reply(500, {})),
      },
    );
    await user.type(within(dialog).getByLabelText('Maximum price (USD)'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Maximum 3 alerts reached' }]));
    clearToasts();
    await user.click(within(dialog).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Failed to create flight alert. Please try again.' }]),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('fades out over 150 ms on Escape, gives focus back to the button, and opens again with fresh fields', async () => {
    const { user, dialog, trigger } = await start({ date: TODAY });
    await user.type(within(dialog).getByLabelText('Maximum price (USD)'), '75');
    await user.click(dateButton(dialog, '2026-11-25'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => {
        dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      });
      expect(dialog.className).toContain('opacity-0');
      expect(screen.getByRole('dialog')).toBeTruthy();
      act(() => vi.advanceTimersByTime(ALERT_MODAL_FADE_MS));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    const again = await screen.findByRole('dialog', { name: 'Create Price Alert' });
    expect((within(again).getByLabelText('Maximum price (USD)') as HTMLInputElement).value).toBe('');
    expect(dateButton(again, '2026-11-25').getAttribute('aria-pressed')).toBe('false');
    // The default again: tomorrow, as for any search of today.
    await waitFor(() => expect(dateButton(again, TOMORROW).getAttribute('aria-pressed')).toBe('true'));
  });
});
