import type { AdminUser } from '@gowild/contract/admin';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, toastStore } from '@/components/ui/toast/toast-store';
import { type RecordedCall, buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { AdminDashboard } from './admin-dashboard';

configure({ asyncUtilTimeout: 5000 });

const AS_OF = '2026-11-23T12:00:00.000Z';
function buildAdminUser(i: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...buildUser({ id: `u${i}`, email: `user${i}@example.com`, first_name: `User`, last_name: `${i}` }),
    notification_count: 0,
    search_count: i,
    premium_granted: false,
    subscription_premium: false,
    ...overrides,
  };
}
const toasts = () => toastStore.getSnapshot().map((t) => ({ type: t.type, title: t.title, message: t.message }));
const param = (c: RecordedCall, name: string) => new URL(c.url, 'http://x').searchParams.get(name);

describe('/admin Users tab', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it('pages 25 at a time with 5 page buttons, keeping the first page’s snapshot for the next pages', async () => {
    const api = mockApi({
      ...signedInAs(buildUser({ is_admin: true })),
      'GET /api/admin/users': (c) => {
        const page = Number(param(c, 'page'));
        return { users: [buildAdminUser(page)], pagination: { page, limit: 25, total: 250, pages: 10, as_of: param(c, 'as_of') ?? AS_OF } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboard selfId="me" />, { route: '/admin?tab=users' });
    const nav = await screen.findByRole('navigation', { name: 'Users pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(param(api.callsTo('GET /api/admin/users')[0]!, 'limit')).toBe('25');
    expect(param(api.callsTo('GET /api/admin/users')[0]!, 'as_of')).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(screen.getByText('user5@example.com')).toBeTruthy());
    const last = api.callsTo('GET /api/admin/users').at(-1)!;
    expect(param(last, 'page')).toBe('5');
    expect(param(last, 'as_of')).toBe(AS_OF);
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['3', '4', '5', '6', '7']);
  });

  it('searches by e-mail and plan, and grants premium only after the confirm step', async () => {
    let granted = false;
    const api = mockApi({
      ...signedInAs(buildUser({ is_admin: true })),
      'GET /api/admin/users': () => ({
        users: [buildAdminUser(7, { is_premium: granted, premium_granted: granted })],
        pagination: { page: 1, limit: 25, total: 1, pages: 1, as_of: AS_OF },
      }),
      'POST /api/admin/users/u7/actions': () => {
        granted = true;
        return {
          user: buildAdminUser(7, { is_premium: true, premium_granted: true }),
          audit: {
            id: 'a1',
            action: 'grant_premium',
            actor: { id: 'me', email: 'me@example.com' },
            target: 'user7@example.com',
            target_user_id: 'u7',
            before: {},
            after: {},
            created_at: AS_OF,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDashboard selfId="me" />, { route: '/admin?tab=users' });
    await user.type(await screen.findByLabelText('E-mail or name'), 'user7@');
    await user.selectOptions(screen.getByLabelText('Plan'), 'free');
    await waitFor(() => expect(param(api.callsTo('GET /api/admin/users').at(-1)!, 'plan')).toBe('free'));
    expect(param(api.callsTo('GET /api/admin/users').at(-1)!, 'q')).toBe('user7@');

    await user.click(await screen.findByRole('button', { name: 'Grant premium: user7@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/admin/users/u7/actions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Grant premium: user7@example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Grant premium?' })).getByRole('button', { name: 'Grant premium' }));
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'success', title: 'Premium granted', message: 'user7@example.com' }));
    expect(api.callsTo('POST /api/admin/users/u7/actions')[0]!.body).toEqual({ action: 'grant_premium' });
    await waitFor(() => expect(screen.getByText('Premium (granted)')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Remove premium: user7@example.com' })).toBeTruthy();
  });

  it('offers no way to remove one’s own admin rights or deactivate oneself', async () => {
    mockApi({
      ...signedInAs(buildUser({ is_admin: true })),
      'GET /api/admin/users': () => ({
        users: [buildAdminUser(1, { id: 'me', is_admin: true, email: 'me@example.com' })],
        pagination: { page: 1, limit: 25, total: 1, pages: 1, as_of: AS_OF },
      }),
    });
    renderWithProviders(<AdminDashboard selfId="me" />, { route: '/admin?tab=users' });
    await screen.findByRole('button', { name: 'Grant premium: me@example.com' });
    expect(screen.queryByRole('button', { name: 'Remove admin: me@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate: me@example.com' })).toBeNull();
  });
});

describe('/admin error toasts', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it.each([
    ['users', 'GET /api/admin/users', 'Failed to fetch users'],
    ['notifications', 'GET /api/admin/notifications', 'Failed to fetch notifications'],
    ['searches', 'GET /api/admin/searches', 'Failed to fetch searches'],
    ['overview', 'GET /api/admin/dashboard', 'Failed to fetch dashboard data'],
  ])('%s: the section 8 text when the server gives none', async (tab, endpoint, text) => {
    mockApi({
      ...signedInAs(buildUser({ is_admin: true })),
      [endpoint]: () => reply(500, {}),
      'GET /api/admin/audit': () => reply(500, {}),
      'GET /api/admin/blackouts': () => ({ blackout_dates: [] }),
    });
    renderWithProviders(<AdminDashboard selfId="me" />, { route: `/admin?tab=${tab}` });
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'error', title: 'Error', message: text }));
  });
});
