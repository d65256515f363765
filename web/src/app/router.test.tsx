import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NonIndexRouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { registerHomeReset } from '@/lib/home-reset';
import { buildConfig, buildUser, currentLocation, mockApi, renderWithProviders, resetTestState, signedInAs } from '@/test/test-utils';

function start(route: string) {
  return renderWithProviders(null, { route, routes: appRoutes, path: '/__unused' });
}

describe('app routes and shell', () => {
  // The pages are lazy routes, loaded (the opened one, then the sign-in page) before the guard's redirect renders: a
  // first import, transforming the module tree, took 1-2.5 s on a loaded machine, past findBy's one second. Loaded
  // once here, the tests time the routing, not the transform.
  beforeAll(async () => {
    await Promise.all([
      import('@/app/routes/login'),
      import('@/app/routes/profile'),
      import('@/app/routes/route-map'),
      import('@/app/routes/notifications'),
      import('@/app/routes/admin'),
    ]);
  }, 120_000);
  afterEach(resetTestState);

  it('a visitor opening /profile lands on the sign-in page', async () => {
    mockApi();
    const { router } = start('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeTruthy();
    expect(currentLocation(router)).toBe('/login');
  });

  it.each(['/routes', '/notifications', '/admin'])('a visitor opening %s lands on /login', async (path) => {
    mockApi();
    const { router } = start(path);
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(currentLocation(router)).toBe('/login');
  });

  it('an unknown path shows the 404 page', async () => {
    mockApi();
    start('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
  });

  it('the signed-out top bar has Home, Routes, Via a Hub, Plans, Sign in and Sign up', async () => {
    mockApi();
    start('/about');
    await screen.findByRole('heading', { name: 'About GoWild Finder' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Routes', 'Via a Hub', 'Get me home', 'Trip finder', 'Anywhere', 'Plans']);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });

  it('the footer names the providers in demo mode', async () => {
    mockApi({
      'GET /api/config': () =>
        buildConfig({
          providers: { flights: 'demo', weather: 'live', email: 'demo', billing: 'live', hotels: 'live', cars: 'live', geo: 'live' },
        }),
    });
    start('/about');
    const notice = await screen.findByTestId('demo-data-notice');
    expect(notice.textContent).toContain('Demo data');
    expect(notice.textContent).toContain('flights, e-mail');
    expect(notice.textContent).not.toContain('weather');
  });

  it('support shows the contact address from the server config', async () => {
    mockApi({ 'GET /api/config': () => buildConfig({ supportEmail: 'crew@gowild.test' }) });
    start('/support');
    expect(await screen.findByRole('heading', { name: 'Need Help?' })).toBeTruthy();
    expect((await screen.findByTestId('support-email')).textContent).toBe('crew@gowild.test');
    expect(screen.getByText(/24 hours on business days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  describe('signed-in avatar menu', () => {
    it('shows the name, the plan and the free-user items', async () => {
      mockApi(signedInAs(buildUser()));
      start('/about');
      await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
      const menu = screen.getByRole('menu');
      expect(menu.textContent).toContain('Free plan');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent);
      expect(items).toEqual(['Get help', 'Upgrade plan', 'Flight Notifications', 'Manage Subscription', 'Log out']);
    });

    it('premium admins see Admin Dashboard and no Upgrade plan; a nameless user is "Personal"', async () => {
      mockApi(signedInAs(buildUser({ is_premium: true, is_admin: true, first_name: '', last_name: '' })));
      start('/about');
      await userEvent.click(await screen.findByRole('button', { name: /Personal/ }));
      const menu = screen.getByRole('menu');
      expect(menu.textContent).toContain('Premium plan');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent);
      expect(items).toEqual(['Get help', 'Admin Dashboard', 'Flight Notifications', 'Manage Subscription', 'Log out']);
    });

    it('Flight Notifications alerts a free user and does not navigate', async () => {
      mockApi(signedInAs(buildUser()));
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      const { router } = start('/about');
      await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
      await userEvent.click(screen.getByRole('menuitem', { name: /Flight Notifications/ }));
      expect(alert).toHaveBeenCalledWith('Flight notifications are a premium feature. Upgrade your account to access this feature.');
      expect(currentLocation(router)).toBe('/about');
    });

    it('opens from the keyboard, moves with arrows and closes with Escape', async () => {
      mockApi(signedInAs(buildUser()));
      start('/about');
      const button = await screen.findByRole('button', { name: /Ada Lovelace/ });
      button.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Get help'));
      await userEvent.keyboard('{ArrowDown}');
      expect(document.activeElement?.textContent).toBe('Upgrade plan');
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(button);
    });

    it('Log out clears the session even when the call fails', async () => {
      mockApi({ ...signedInAs(buildUser()), 'POST /api/auth/logout': () => new Response(null, { status: 500 }) });
      const { authStore } = start('/about');
      await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
      await waitFor(() => expect(authStore.getState().isAuthenticated).toBe(false));
      expect(window.localStorage.getItem('auth-token')).toBeNull();
    });
  });

  it('Home while on / runs the registered reset instead of navigating', async () => {
    mockApi();
    const reset = vi.fn();
    const unregister = registerHomeReset(reset);
    const { router } = renderWithProviders(null, {
      route: '/about',
      routes: [
        {
          ...(appRoutes[0] as NonIndexRouteObject),
          children: [{ index: true, element: <h1>Search</h1> }, ...(appRoutes[0]!.children ?? []).slice(1)],
        },
      ],
      path: '/__unused',
    });
    const home = await screen.findByRole('link', { name: 'Home' });
    await userEvent.click(home);
    expect(currentLocation(router)).toBe('/');
    expect(reset).not.toHaveBeenCalled();
    await userEvent.click(home);
    expect(reset).toHaveBeenCalledTimes(1);
    unregister();
  });
});
