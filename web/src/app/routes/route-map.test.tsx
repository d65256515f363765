import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { RouteMapRoute } from '@/app/routes/route-map';
import { buildConfig, buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';

/** The /routes entry of the app's router, with its guard, mounted alone. */
function routeMapBranch(): RouteObject {
  const branch = appRoutes[0]!.children!.find((r) => r.children?.some((c) => c.path === '/routes'));
  return branch!;
}

describe('/routes for non-premium users (docs/product/maps.md#route-map-page)', () => {
  afterEach(resetTestState);

  it('sells the map with the catalogue monthly price and Back to Search, and never asks for the routes', async () => {
    const api = mockApi({
      ...signedInAs(buildUser({ is_premium: false })),
      'GET /api/config': () =>
        buildConfig({ plans: [{ id: 'monthly', name: 'Monthly', price: 7, regularPrice: 10, interval: 'month', trialDays: 7 }] }),
    });
    renderWithProviders(null, { route: '/routes', routes: [routeMapBranch()], path: '/__unused' });
    expect(await screen.findByRole('heading', { name: 'Premium Feature' })).toBeTruthy();
    expect(screen.getByText(/everywhere you can fly from your airport on one map/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Upgrade to Premium - $7/month' })).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/');
    expect(document.body.textContent).not.toMatch(/\$15|notifications and enhanced filtering/);
    expect(api.callsTo('GET /api/routes')).toHaveLength(0);
  });
});

describe('/routes errors', () => {
  afterEach(resetTestState);
  const airports = { airports: [] };

  it.each([
    ['the server text', () => reply(503, { error: 'Route data is being refreshed' }), 'Route data is being refreshed'],
    ['HTTP error! status: N without one', () => reply(500), 'HTTP error! status: 500'],
    ['Failed to load routes for an answer of the wrong shape', () => reply(200, { routes: 'soon' }), 'Failed to load routes'],
  ])('shows Error Loading Routes with %s', async (_name, answer, text) => {
    mockApi({ ...signedInAs(buildUser({ is_premium: true })), 'GET /api/routes': answer, 'GET /api/airports': () => airports });
    renderWithProviders(<RouteMapRoute />, { route: '/routes' });
    const alert = await screen.findByTestId('routes-error');
    expect(alert.textContent).toContain('Error Loading Routes');
    expect(alert.textContent).toContain(text);
  });

  it("says 'Failed to fetch routes data' when no answer came", async () => {
    const api = mockApi({ ...signedInAs(buildUser({ is_premium: true })), 'GET /api/airports': () => airports });
    const real = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/routes')) throw new TypeError('Failed to fetch');
      return real(input, init);
    });
    renderWithProviders(<RouteMapRoute />, { route: '/routes' });
    expect((await screen.findByTestId('routes-error')).textContent).toContain('Failed to fetch routes data');
    vi.unstubAllGlobals();
  });
});
