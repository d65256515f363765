import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminOnly, GuestOnly, PremiumOnly, RequireAuth } from '@/app/guards';
import { Toaster } from '@/components/ui/toast/toaster';
import { clearToasts } from '@/components/ui/toast/toast-store';
import type { User } from '@gowild/contract/auth';
import { buildUser, currentLocation, mockApi, renderWithProviders, resetTestState, signedInAs } from '@/test/test-utils';

function Shell() {
  return (
    <>
      <Toaster />
      <Outlet />
    </>
  );
}

const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/profile', element: <h1>Profile page</h1> },
      { element: <RequireAuth />, children: [{ path: '/secret', element: <h1>Secret page</h1> }] },
      { element: <GuestOnly />, children: [{ path: '/guest', element: <h1>Guest page</h1> }] },
      { element: <PremiumOnly />, children: [{ path: '/premium', element: <h1>Premium page</h1> }] },
      { element: <AdminOnly />, children: [{ path: '/admin', element: <h1>Admin page</h1> }] },
    ],
  },
];

function start(route: string) {
  return renderWithProviders(null, { route, routes, path: '/__unused' });
}

describe('route guards (docs/product/accounts-and-plans.md#route-guards)', () => {
  afterEach(() => {
    resetTestState();
    clearToasts();
  });

  it('authenticated-only sends a visitor to /login', async () => {
    mockApi();
    const { router } = start('/secret');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(currentLocation(router)).toBe('/login');
  });

  it('authenticated-only lets a signed-in user in, after the token check', async () => {
    mockApi(signedInAs(buildUser()));
    start('/secret');
    expect(await screen.findByRole('heading', { name: 'Secret page' })).toBeTruthy();
  });

  it('guest-only sends a signed-in user to / with replace', async () => {
    mockApi(signedInAs(buildUser()));
    const { router } = start('/guest');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('guest-only shows the page to a visitor', async () => {
    mockApi();
    start('/guest');
    expect(await screen.findByRole('heading', { name: 'Guest page' })).toBeTruthy();
  });

  it('premium-only sends a visitor to /login', async () => {
    mockApi();
    const { router } = start('/premium');
    await screen.findByRole('heading', { name: 'Login page' });
    expect(currentLocation(router)).toBe('/login');
  });

  it('premium-only shows free users the Premium Feature panel with its two buttons', async () => {
    mockApi(signedInAs(buildUser({ is_premium: false })));
    const { router } = start('/premium');
    expect(await screen.findByRole('heading', { name: 'Premium Feature' })).toBeTruthy();
    expect(screen.getByText(/exclusive to premium members/i).textContent).toMatch(/notifications and enhanced filtering/);
    expect(screen.queryByRole('heading', { name: 'Premium page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/');
    expect(currentLocation(router)).toBe('/premium');
  });

  it("the panel's Upgrade to Premium leads to /profile without starting a checkout", async () => {
    const api = mockApi(signedInAs(buildUser({ is_premium: false })));
    const { router } = start('/premium');
    await userEvent.click(await screen.findByRole('link', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/profile'));
    expect(api.callsTo('POST /api/stripe/create-checkout-session')).toHaveLength(0);
  });

  it('premium-only lets premium users in', async () => {
    mockApi(signedInAs(buildUser({ is_premium: true })));
    start('/premium');
    expect(await screen.findByRole('heading', { name: 'Premium page' })).toBeTruthy();
  });

  it('a trial user without is_premium is not premium', async () => {
    mockApi(signedInAs(buildUser({ is_premium: false, is_trial: true, trial_end: Math.floor(Date.now() / 1000) + 86400 })));
    start('/premium');
    expect(await screen.findByRole('heading', { name: 'Premium Feature' })).toBeTruthy();
  });

  it('admin-only sends non-admins to / with the Access Denied toast', async () => {
    mockApi(signedInAs(buildUser({ is_premium: true })));
    const { router } = start('/admin');
    await screen.findByRole('heading', { name: 'Home page' });
    expect(currentLocation(router)).toBe('/');
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Access Denied');
    expect(toast.textContent).toContain('Admin privileges required.');
  });

  it('admin-only sends a visitor to /login and lets an admin in', async () => {
    mockApi();
    const first = start('/admin');
    await screen.findByRole('heading', { name: 'Login page' });
    first.unmount();
    resetTestState();
    mockApi(signedInAs(buildUser({ is_admin: true })));
    start('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeTruthy();
  });

  it('waits for the token check instead of redirecting a signed-in reload', async () => {
    let resolve: (v: { valid: true; user: User }) => void = () => undefined;
    window.localStorage.setItem('auth-token', 't');
    mockApi({ 'POST /api/auth/verify-token': () => new Promise((r) => (resolve = r)) });
    const { router } = start('/secret');
    expect((await screen.findByRole('status')).textContent).toContain('Loading');
    expect(currentLocation(router)).toBe('/secret');
    resolve({ valid: true, user: buildUser() });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Secret page' })).toBeTruthy());
  });
});
