import type { User } from '@gowild/contract/auth';
import type { PublicConfig } from '@gowild/contract/config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createAppAuthStore } from '@/app/provider';
import { AUTH_TOKEN_KEY } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-context';
import type { AuthStore } from '@/lib/auth/auth-store';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_number: null,
    is_admin: false,
    is_premium: false,
    is_active: true,
    is_trial: false,
    trial_end: null,
    created_at: '2025-03-01T10:00:00.000Z',
    last_login: '2025-06-01T08:30:00.000Z',
    stripe_customer_id: null,
    ...overrides,
  };
}

export function buildConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    appVersion: '3.1',
    supportEmail: 'help@example.com',
    freeSearchesPerDay: 3,
    plans: [
      { id: 'monthly', name: 'Monthly', price: 5, regularPrice: 10, interval: 'month', trialDays: 7 },
      { id: 'yearly', name: 'Yearly', price: 50, regularPrice: 120, interval: 'year', trialDays: 7 },
    ],
    googleClientId: null,
    mapTiles: null,
    passCharges: { earlyBookingChargeFrom: 29, peakDayChargeFrom: 79 },
    providers: { flights: 'demo', weather: 'demo', email: 'demo', billing: 'demo', hotels: 'demo', cars: 'demo', geo: 'demo' },
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}
type Handler = (call: RecordedCall) => unknown;

/** A JSON answer with a status (handlers return plain objects for 200). */
export function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stubs fetch with handlers keyed 'METHOD /api/path'. GET /api/config answers buildConfig() unless given.
 * Unhandled calls answer 404 in the server's error shape. Returns every call made.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const all: Record<string, Handler> = { 'GET /api/config': () => buildConfig(), ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const path = url.split('?')[0] ?? url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, url, body, headers };
    calls.push(call);
    const handler = all[`${method} ${path}`];
    if (!handler)
      return reply(404, {
        error: `No such endpoint: ${method} ${path}`,
        message: `No such endpoint: ${method} ${path}`,
        code: 'NOT_FOUND',
      });
    const result = await handler(call);
    return result instanceof Response ? result : reply(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** Stores a token and answers verify-token with this user, so the app starts signed in. */
export function signedInAs(user: User): Record<string, Handler> {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'test-token');
  return { 'POST /api/auth/verify-token': () => ({ valid: true, user }) };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } });
}

interface RenderOptions {
  /** Where the router starts. */
  route?: string;
  /** The route pattern `ui` is mounted at (default '*'). */
  path?: string;
  /** Extra routes, e.g. targets of navigation. */
  routes?: RouteObject[];
  authStore?: AuthStore;
}

/** Renders `ui` with the query client, the real auth store (on mocked fetch) and a memory router. */
export function renderWithProviders(
  ui: ReactNode,
  { route = '/', path = '*', routes = [], authStore = createAppAuthStore() }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([...routes, { path, element: ui }], { initialEntries: [route] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={authStore}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, authStore };
}

/** The current router path (pathname + search). */
export function currentLocation(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

/** Waits until the auth store has finished its first token check. */
export async function waitForAuth(store: AuthStore) {
  await waitFor(() => {
    if (!store.getState().isInitialized) throw new Error('auth not initialised');
  });
}

export { screen };

/** Forgets what a test left behind: stored token, fetch stub. */
export function resetTestState() {
  window.localStorage.clear();
  vi.unstubAllGlobals();
}
