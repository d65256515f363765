import type { Notification } from '@gowild/contract/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toastStore } from '@/components/ui/toast/toast-store';
import { buildAirport } from '@/test/build-airport';
import {
  type ApiHandlers,
  type RecordedCall,
  buildUser,
  mockApi,
  renderWithProviders,
  reply,
  resetTestState,
  signedInAs,
} from '@/test/test-utils';
import { NotificationsView } from './notifications-view';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';

// A loaded CI machine can take longer than the 1 s default to load the lists and render.
configure({ asyncUtilTimeout: 5000 });

const TODAY = '2026-11-23';
const AIRPORTS = [buildAirport('DEN', 'Denver'), buildAirport('LAS', 'Las Vegas'), buildAirport('MCO', 'Orlando')];

function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    origin_airport: 'DEN',
    destination_airport: 'LAS',
    travel_dates: ['2026-11-27'],
    max_price: 99,
    gowild_only: false,
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
    kind: 'price',
    opens_at: null,
    window_result: null,
    found_seats: null,
    max_seats: null,
    legs: null,
    found_destination: null,
    ...overrides,
  };
}

const OPEN = [
  buildNotification({ id: 'old', created_at: '2026-11-01T10:00:00.000Z', destination_airport: 'MCO' }),
  buildNotification({ id: 'new', created_at: '2026-11-22T10:00:00.000Z', is_active: false }),
];
const DONE = [
  buildNotification({
    id: 'found',
    created_at: '2026-11-10T10:00:00.000Z',
    is_completed: true,
    found_price: 49.5,
    found_travel_date: '2026-11-27',
  }),
  buildNotification({ id: 'passed', created_at: '2026-11-05T10:00:00.000Z', is_completed: true }),
];

function listHandler(open: Notification[] = OPEN, done: Notification[] = DONE) {
  return (c: RecordedCall) => ({ notifications: c.url.includes('include_completed=true') ? [...open, ...done] : open });
}

async function start({ phone = null as string | null, handlers = {} as ApiHandlers } = {}) {
  const api = mockApi({
    ...signedInAs(buildUser({ is_premium: true, phone_number: phone })),
    'GET /api/airports': () => ({ airports: AIRPORTS }),
    'GET /api/gowild/blackout-dates': () => [],
    'GET /api/notifications': listHandler(),
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<NotificationsView phoneNumber={phone} today={TODAY} />);
  return { api, user, ...view };
}

const items = () => screen.queryAllByTestId('notification');
const statuses = () => items().map((li) => [li.dataset.id, within(li).getByTestId('notification-status').textContent]);
const toasts = () => toastStore.getSnapshot().map((t) => ({ type: t.type, title: t.title, message: t.message }));

describe('/notifications list (docs/product/alerts.md#notifications-page)', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it('lists alerts not completed, newest first, with their status; Show completed adds the rest', async () => {
    const { api, user } = await start();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(statuses()).toEqual([
      ['new', 'Inactive'],
      ['old', 'Active'],
    ]);
    expect(api.callsTo('GET /api/notifications')[0]!.url).toBe('/api/notifications?include_completed=false');
    expect(screen.getByTestId('active-count').textContent).toBe('1 of 3 active alerts');
    const first = items()[0]!;
    expect(within(first).getByRole('heading', { name: 'DEN → LAS' })).toBeTruthy();
    expect(first.textContent).toContain('Fri, Nov 27');
    expect(first.textContent).toContain('$99 · Any fare');

    await user.click(screen.getByRole('switch', { name: 'Show completed' }));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(statuses()).toEqual([
      ['new', 'Inactive'],
      ['found', 'Found: $49.50'],
      ['passed', 'Date Passed'],
      ['old', 'Active'],
    ]);
    // Completed alerts cannot be deleted.
    expect(within(items()[1]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(items()[2]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(items()[1]!).getByText('$49.50 on Fri, Nov 27')).toBeTruthy();
  });

  it('deletes after the confirmation, and not without it', async () => {
    let open = [...OPEN];
    const { api, user } = await start({
      handlers: {
        'GET /api/notifications': () => ({ notifications: open }),
        'DELETE /api/notifications/old': () => {
          open = open.filter((n) => n.id !== 'old');
          return { message: 'Notification deleted successfully' };
        },
      },
    });
    await waitFor(() => expect(items()).toHaveLength(2));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Delete alert DEN → MCO' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this notification?');
    expect(api.callsTo('DELETE /api/notifications/old')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete alert DEN → MCO' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(api.callsTo('DELETE /api/notifications/old')).toHaveLength(1);
    expect(toasts()).toEqual([{ type: 'success', title: 'Notification deleted successfully', message: '' }]);
  });

  it("shows the server's text when a delete fails, else the default", async () => {
    const del = vi
      .fn()
      .mockReturnValueOnce(reply(409, { error: 'Completed notifications cannot be deleted', message: 'Conflict', code: 'CONFLICT' }))
      .mockReturnValueOnce(reply(502));
    const { user } = await start({ handlers: { 'DELETE /api/notifications/old': del } });
    await waitFor(() => expect(items()).toHaveLength(2));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete alert DEN → MCO' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Completed notifications cannot be deleted' }]),
    );
    clearToasts();
    await user.click(screen.getByRole('button', { name: 'Delete alert DEN → MCO' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Failed to delete notification' }]));
  });

  it("says 'Failed to load notifications' when the list cannot load, and tries again", async () => {
    const list = vi.fn().mockReturnValueOnce(reply(500)).mockReturnValueOnce({ notifications: OPEN });
    const { user } = await start({ handlers: { 'GET /api/notifications': list } });
    expect(await screen.findByText('Failed to load notifications')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(2));
  });

  it("disables the create button at 3 active alerts: 'Maximum 3 alerts reached'", async () => {
    const three = [1, 2, 3].map((i) => buildNotification({ id: `a${i}` }));
    await start({
      handlers: { 'GET /api/notifications': () => ({ notifications: [...three, buildNotification({ id: 'off', is_active: false })] }) },
    });
    const button = await screen.findByRole('button', { name: 'Maximum 3 alerts reached' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('active-count').textContent).toBe('3 of 3 active alerts');
  });
});

describe('/notifications create form', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  async function fill(user: ReturnType<typeof userEvent.setup>, { origin = 'DEN', destination = 'LAS', price = '120' } = {}) {
    const form = screen.getByTestId('notification-form');
    const originPicker = within(form).getByRole('list', { name: 'Origin airport choices' });
    await user.click(within(originPicker).getByRole('button', { name: new RegExp(origin) }));
    await user.type(within(form).getByRole('searchbox', { name: /Destination airport/ }), destination);
    await user.click(
      within(within(form).getByRole('list', { name: 'Destination airport choices' })).getByRole('button', {
        name: new RegExp(destination),
      }),
    );
    await user.click(form.querySelector<HTMLButtonElement>('button[data-date="2026-11-25"]')!);
    if (price) await user.type(within(form).getByLabelText('Maximum price (USD)'), price);
    return form;
  }

  it('gives every rule text before sending', async () => {
    const { api, user } = await start();
    const form = await screen.findByTestId('notification-form');
    await screen.findByRole('list', { name: 'Origin airport choices' });
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    expect(within(form).getByText('Origin airport is required')).toBeTruthy();
    expect(within(form).getByText('Destination airport is required')).toBeTruthy();
    expect(within(form).getByText('At least one travel date is required')).toBeTruthy();
    expect(within(form).getByText('Max price must be greater than $0')).toBeTruthy();
    // Today is not on offer; tomorrow is the first day.
    expect(form.querySelector(`button[data-date="${TODAY}"]`)).toBeNull();
    expect(form.querySelector('button[data-date="2026-11-24"]')).toBeTruthy();

    await fill(user, { destination: 'DEN', price: '0' });
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    expect(within(form).getByText('Destination must be different from origin')).toBeTruthy();
    expect(within(form).getByText('Max price must be greater than $0')).toBeTruthy();
    expect(api.callsTo('POST /api/notifications')).toHaveLength(0);
  });

  it('creates an alert, says so, empties the form and refreshes the list', async () => {
    let open: Notification[] = [];
    const { api, user } = await start({
      handlers: {
        'GET /api/notifications': () => ({ notifications: open }),
        'POST /api/notifications': (c) => {
          const n = buildNotification({ id: 'fresh', ...(c.body as Partial<Notification>) });
          open = [n];
          return reply(201, { notification: n, message: 'created' });
        },
      },
    });
    expect(await screen.findByText(/No active alerts/)).toBeTruthy();
    await screen.findByRole('list', { name: 'Origin airport choices' });
    const form = await fill(user);
    await user.click(form.querySelector<HTMLButtonElement>('button[data-date="2026-11-24"]')!);
    await user.click(within(form).getByLabelText('GoWild only'));
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications')[0]!.body).toEqual({
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_dates: ['2026-11-24', '2026-11-25'],
      max_price: 120,
      gowild_only: true,
      phone_number: null,
      sms_consent: false,
      channels: ['email'],
    });
    await waitFor(() =>
      expect(toasts()).toEqual([
        {
          type: 'success',
          title: 'Flight Alert Created!',
          message: 'Successfully created flight alert for 2 date(s)! Check your email for confirmation.',
        },
      ]),
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    expect((within(form).getByLabelText('Maximum price (USD)') as HTMLInputElement).value).toBe('');
    expect(within(form).getByText('0 of 5 dates')).toBeTruthy();
  });

  it('creates a window-open alert for one date, with no price', async () => {
    let open: Notification[] = [];
    const { api, user } = await start({
      handlers: {
        'GET /api/notifications': () => ({ notifications: open }),
        'POST /api/notifications/window-open': (c) => {
          const body = c.body as { origin_airport: string; destination_airport: string; travel_date: string };
          const n = buildNotification({
            id: 'win',
            kind: 'window_open',
            origin_airport: body.origin_airport,
            destination_airport: body.destination_airport,
            travel_dates: [body.travel_date],
            max_price: null,
            gowild_only: true,
            opens_at: '2026-11-25T07:00:00.000Z',
          });
          open = [n];
          return reply(201, { notification: n, message: WINDOW_ALERT_TEXTS.created });
        },
      },
    });
    await screen.findByRole('list', { name: 'Origin airport choices' });
    const form = screen.getByTestId('notification-form');
    await user.click(within(form).getByRole('radio', { name: 'When GoWild opens' }));
    expect(within(form).queryByLabelText('GoWild only')).toBeNull();
    await fill(user, { price: '' });
    // One date: picking another replaces it.
    await user.click(form.querySelector<HTMLButtonElement>('button[data-date="2026-11-26"]')!);
    await user.click(within(form).getByRole('button', { name: 'Alert me when it opens' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/window-open')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications')).toHaveLength(0);
    expect(api.callsTo('POST /api/notifications/window-open')[0]!.body).toEqual({
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_date: '2026-11-26',
      channels: ['email'],
    });
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'success', title: 'Window Alert Created!', message: WINDOW_ALERT_TEXTS.created }]),
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    const item = items()[0]!;
    expect(item.dataset.kind).toBe('window_open');
    expect(within(item).getByTestId('notification-status').textContent).toBe('Waiting');
    expect(within(item).getByTestId('notification-opens').textContent).toMatch(/^Opens Nov 2[45], \d{1,2}:\d{2} [AP]M$/);
    expect(item.textContent).toContain('When GoWild opens');
  });

  it('shows what a window-open alert found once checked', async () => {
    const checked = [
      buildNotification({
        id: 'yes',
        kind: 'window_open',
        max_price: null,
        is_completed: true,
        window_result: 'gowild',
        found_price: 29,
        found_seats: 4,
      }),
      buildNotification({ id: 'no', kind: 'window_open', max_price: null, is_completed: true, window_result: 'not_offered' }),
    ];
    const { user } = await start({ handlers: { 'GET /api/notifications': listHandler([], checked) } });
    await user.click(await screen.findByRole('switch', { name: 'Show completed' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(statuses()).toEqual([
      ['yes', 'GoWild: $29.00 (4 seats)'],
      ['no', 'GoWild not offered'],
    ]);
  });

  it("shows the server's refusal on the form, else 'Failed to create notification'", async () => {
    const post = vi
      .fn()
      .mockReturnValueOnce(
        reply(400, { error: 'All travel dates must be tomorrow or later', message: 'Bad Request', code: 'VALIDATION_ERROR' }),
      )
      .mockReturnValueOnce(reply(500));
    const { user } = await start({ handlers: { 'POST /api/notifications': post } });
    await screen.findByRole('list', { name: 'Origin airport choices' });
    const form = await fill(user);
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    expect(await within(form).findByText('All travel dates must be tomorrow or later')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    expect(await within(form).findByText('Failed to create notification')).toBeTruthy();
  });

  it('shows the phone disabled (coming soon), and the SMS consent box only with a phone on the profile', async () => {
    const { user, unmount } = await start();
    const form = await screen.findByTestId('notification-form');
    const phone = within(form).getByLabelText('Phone for SMS alerts') as HTMLInputElement;
    expect(phone.disabled).toBe(true);
    expect(phone.placeholder).toBe('Coming soon');
    expect(within(form).queryByRole('checkbox', { name: /Text me/ })).toBeNull();
    unmount();
    resetTestState();

    const second = await start({ phone: '5551234567' });
    const form2 = await screen.findByTestId('notification-form');
    expect((within(form2).getByLabelText('Phone for SMS alerts') as HTMLInputElement).value).toBe('(555) 123-4567');
    await screen.findByRole('list', { name: 'Origin airport choices' });
    await fill(user);
    await user.click(within(form2).getByRole('checkbox', { name: /Text me at \(555\) 123-4567/ }));
    await user.click(within(form2).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(second.api.callsTo('POST /api/notifications')).toHaveLength(1));
    expect(second.api.callsTo('POST /api/notifications')[0]!.body).toMatchObject({ phone_number: '5551234567', sms_consent: true });
  });
});

describe('/notifications channels and delivery history (docs/product/alerts.md#channels)', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  const channels = {
    channels: [
      {
        channel: 'email' as const,
        enabled: true,
        demo: false,
        targets: [{ id: 'u1', label: 'me@example.com', broken_reason: null, broken_at: null }],
      },
      {
        channel: 'telegram' as const,
        enabled: true,
        demo: true,
        targets: [{ id: 't1', label: '@demo_traveller', broken_reason: null, broken_at: null }],
      },
      {
        channel: 'discord' as const,
        enabled: true,
        demo: false,
        targets: [
          {
            id: 'd1',
            label: 'discord.com/api/webhooks/1/••••abcd',
            broken_reason: 'Discord 400: Invalid Form Body',
            broken_at: '2026-11-22T10:00:00.000Z',
          },
        ],
      },
    ],
  };
  const delivery = (over: Record<string, unknown>) => ({
    id: 'x',
    notification_id: 'old',
    kind: 'confirmation' as const,
    channel: 'email' as const,
    target_label: 'me@example.com',
    title: 'Flight alert set: DEN → MCO',
    status: 'delivered' as const,
    attempts: 1,
    retries: 0,
    last_error: null,
    created_at: '2026-11-01T10:00:00.000Z',
    delivered_at: '2026-11-01T10:00:01.000Z',
    failed_at: null,
    next_attempt_at: null,
    ...over,
  });

  it('offers only channels set up and not broken, sends the choice, and shows each alert’s deliveries', async () => {
    const { api, user } = await start({
      handlers: {
        'GET /api/alert-channels': () => channels,
        'GET /api/alert-deliveries': () => ({
          deliveries: [
            delivery({ id: 'a' }),
            delivery({ id: 'b', channel: 'telegram', target_label: '@demo_traveller', attempts: 3, retries: 2 }),
            delivery({
              id: 'c',
              channel: 'discord',
              status: 'failed',
              delivered_at: null,
              failed_at: '2026-11-01T10:05:00.000Z',
              last_error: 'Discord 400: Invalid Form Body',
            }),
          ],
        }),
        'POST /api/notifications': (c) => ({
          message: 'ok',
          notification: { ...buildNotification({ id: 'made' }), ...(c.body as object) } as Notification,
        }),
      },
    });
    const choice = await screen.findByTestId('channel-choice');
    await waitFor(() => expect(within(choice).getByLabelText(/Telegram/)).toHaveProperty('disabled', false));
    expect(within(choice).getByLabelText(/E-mail/)).toHaveProperty('checked', true);
    expect(within(choice).getByLabelText(/Discord/)).toHaveProperty('disabled', true);
    expect(choice.textContent).toContain('Discord(broken)');
    const panel = screen.getByTestId('channels-panel');
    expect(panel.textContent).toContain('@demo_traveller');
    expect(panel.textContent).toContain('Demo');
    expect(panel.textContent).toContain('Broken: Discord 400: Invalid Form Body');

    // Each alert's history: per channel and target, and whether it arrived.
    await waitFor(() => expect(items()).toHaveLength(2));
    const old = items().find((li) => li.dataset.id === 'old')!;
    const history = within(old).getByTestId('delivery-history');
    expect(
      within(history)
        .getAllByTestId('delivery-status')
        .map((s) => s.textContent),
    ).toEqual(['Delivered', 'Delivered after 2 retries', 'Failed: Discord 400: Invalid Form Body']);
    expect(within(items().find((li) => li.dataset.id === 'new')!).getByTestId('delivery-history').textContent).toContain(
      'Nothing sent yet',
    );

    await screen.findByRole('list', { name: 'Origin airport choices' });
    const form = screen.getByTestId('notification-form');
    const originPicker = within(form).getByRole('list', { name: 'Origin airport choices' });
    await user.click(within(originPicker).getByRole('button', { name: /DEN/ }));
    await user.type(within(form).getByRole('searchbox', { name: /Destination airport/ }), 'LAS');
    await user.click(within(within(form).getByRole('list', { name: 'Destination airport choices' })).getByRole('button', { name: /LAS/ }));
    await user.click(form.querySelector<HTMLButtonElement>('button[data-date="2026-11-25"]')!);
    await user.type(within(form).getByLabelText('Maximum price (USD)'), '120');
    await user.click(within(choice).getByLabelText(/Telegram/));
    await user.click(within(choice).getByLabelText(/E-mail/));
    await user.click(within(form).getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications')[0]!.body).toMatchObject({ channels: ['telegram'] });
  });
});
