import type { digestDeliveriesResponseSchema } from '@gowild/contract/digest';
import type {
  adminAuditResponseSchema,
  adminBlackoutsResponseSchema,
  adminDashboardResponseSchema,
  adminNotificationsResponseSchema,
  adminRoutesResponseSchema,
  adminSearchesResponseSchema,
  adminUserActionResponseSchema,
  adminUsersResponseSchema,
} from '@gowild/contract/admin';
import type {
  User,
  authResponseSchema,
  messageResponseSchema,
  searchUsageResponseSchema,
  userResponseSchema,
  verifyResetTokenResponseSchema,
  verifyTokenResponseSchema,
} from '@gowild/contract/auth';
import type {
  checkoutResponseSchema,
  demoCheckoutConfirmResponseSchema,
  demoCheckoutSchema,
  demoPortalSchema,
  portalResponseSchema,
  subscriptionResponseSchema,
} from '@gowild/contract/billing';
import type { PublicConfig, publicConfigSchema } from '@gowild/contract/config';
import type { connectionsResponseSchema } from '@gowild/contract/connections';
import type { availabilityResponseSchema, hotelSearchResponseSchema, rentalLocationsResponseSchema } from '@gowild/contract/extras';
import type { flightSearchResponseSchema, searchStreamEventSchema } from '@gowild/contract/flights';
import type { hubSearchResponseSchema } from '@gowild/contract/hub-search';
import type { gridResponseSchema, priceHistoryResponseSchema, routeInsightsResponseSchema } from '@gowild/contract/observations';
import type { ipLocationResponseSchema } from '@gowild/contract/location';
import type {
  notificationCreatedResponseSchema,
  notificationDeletedResponseSchema,
  notificationsResponseSchema,
  alertChannelsResponseSchema,
  alertDeliveriesResponseSchema,
  channelMessageResponseSchema,
  telegramLinkStartSchema,
} from '@gowild/contract/notifications';
import type { airportsResponseSchema, blackoutDatesResponseSchema, routesResponseSchema } from '@gowild/contract/reference';
import type { tripLookupResponseSchema } from '@gowild/contract/trips';
import type { weatherResponseSchema } from '@gowild/contract/weather';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { z } from 'zod';
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
    connections: { minTransferMinutes: 90 },
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

/**
 * Each endpoint the web calls, with the contract's schema of its success answer: a fake's answer is typed as what
 * that schema accepts (`z.input`), so a fake cannot drift from what the server sends. Streamed endpoints answer
 * NDJSON (`ndjson`).
 */
interface ApiAnswers {
  'GET /api/config': typeof publicConfigSchema;
  'POST /api/auth/register': typeof authResponseSchema;
  'POST /api/auth/login': typeof authResponseSchema;
  'POST /api/auth/google': typeof authResponseSchema;
  'POST /api/auth/logout': typeof messageResponseSchema;
  'POST /api/auth/verify-token': typeof verifyTokenResponseSchema;
  'PUT /api/auth/profile': typeof userResponseSchema;
  'POST /api/auth/forgot-password': typeof messageResponseSchema;
  'POST /api/auth/verify-reset-token': typeof verifyResetTokenResponseSchema;
  'POST /api/auth/reset-password': typeof messageResponseSchema;
  'GET /api/auth/search-usage': typeof searchUsageResponseSchema;
  'GET /api/airports': typeof airportsResponseSchema;
  'GET /api/gowild/blackout-dates': typeof blackoutDatesResponseSchema;
  'GET /api/routes': typeof routesResponseSchema;
  'GET /api/location': typeof ipLocationResponseSchema;
  'GET /api/flights/search': typeof flightSearchResponseSchema;
  'GET /api/flights/single': typeof flightSearchResponseSchema;
  'GET /api/flights/inbound': typeof flightSearchResponseSchema;
  'GET /api/flights/search/stream': never;
  'GET /api/flights/inbound/stream': never;
  'GET /api/flights/hub': typeof hubSearchResponseSchema;
  'GET /api/flights/connections': typeof connectionsResponseSchema;
  'GET /api/flights/grid': typeof gridResponseSchema;
  'GET /api/flights/price-history': typeof priceHistoryResponseSchema;
  'GET /api/flights/route-insights': typeof routeInsightsResponseSchema;
  'GET /api/trips/summary': typeof tripLookupResponseSchema;
  [weather: `GET /api/weather/${string}`]: typeof weatherResponseSchema;
  'GET /api/notifications': typeof notificationsResponseSchema;
  'GET /api/alert-channels': typeof alertChannelsResponseSchema;
  'GET /api/alert-deliveries': typeof alertDeliveriesResponseSchema;
  'POST /api/alert-channels/telegram/link': typeof telegramLinkStartSchema;
  'DELETE /api/alert-channels/telegram': typeof channelMessageResponseSchema;
  'PUT /api/alert-channels/discord': typeof channelMessageResponseSchema;
  'DELETE /api/alert-channels/discord': typeof channelMessageResponseSchema;
  [adminDeliveries: `GET /api/admin/users/${string}/deliveries`]: typeof alertDeliveriesResponseSchema;
  'GET /api/digest/deliveries': typeof digestDeliveriesResponseSchema;
  [adminDigests: `GET /api/admin/users/${string}/digest-deliveries`]: typeof digestDeliveriesResponseSchema;
  'POST /api/notifications': typeof notificationCreatedResponseSchema;
  'POST /api/notifications/window-open': typeof notificationCreatedResponseSchema;
  'POST /api/notifications/origin-wide': typeof notificationCreatedResponseSchema;
  'POST /api/notifications/seats': typeof notificationCreatedResponseSchema;
  'POST /api/notifications/chain': typeof notificationCreatedResponseSchema;
  [deleteAlert: `DELETE /api/notifications/${string}`]: typeof notificationDeletedResponseSchema;
  [hotels: `GET /api/hotels/search/airport/${string}`]: typeof hotelSearchResponseSchema;
  'GET /api/hertz/locations': typeof rentalLocationsResponseSchema;
  'GET /api/hertz/availability': typeof availabilityResponseSchema;
  'POST /api/stripe/create-checkout-session': typeof checkoutResponseSchema;
  'POST /api/stripe/customer-portal': typeof portalResponseSchema;
  'GET /api/stripe/subscription': typeof subscriptionResponseSchema;
  [demoCheckout: `GET /api/stripe/demo/checkout/${string}`]: typeof demoCheckoutSchema;
  [confirmDemo: `POST /api/stripe/demo/checkout/${string}/confirm`]: typeof demoCheckoutConfirmResponseSchema;
  'GET /api/stripe/demo/portal': typeof demoPortalSchema;
  'POST /api/stripe/demo/portal': typeof demoPortalSchema;
  'GET /api/admin/users': typeof adminUsersResponseSchema;
  [userAction: `POST /api/admin/users/${string}/actions`]: typeof adminUserActionResponseSchema;
  'GET /api/admin/searches': typeof adminSearchesResponseSchema;
  'GET /api/admin/notifications': typeof adminNotificationsResponseSchema;
  'GET /api/admin/dashboard': typeof adminDashboardResponseSchema;
  'GET /api/admin/audit': typeof adminAuditResponseSchema;
  'GET /api/admin/blackouts': typeof adminBlackoutsResponseSchema;
  'POST /api/admin/blackouts': typeof adminBlackoutsResponseSchema;
  [removeBlackout: `DELETE /api/admin/blackouts/${string}`]: typeof adminBlackoutsResponseSchema;
  'PUT /api/admin/routes': typeof adminRoutesResponseSchema;
  'POST /api/admin/routes/refresh': typeof adminRoutesResponseSchema;
}
type Endpoint = keyof ApiAnswers;
/** A success body as the endpoint's schema accepts it, or any Response (an error, a stream, a hang's pending promise). */
type Answer<K extends Endpoint> = (ApiAnswers[K] extends z.ZodType ? z.input<ApiAnswers[K]> : never) | Response;
type Handler<K extends Endpoint> = (call: RecordedCall) => Answer<K> | Promise<Answer<K>>;
/** Fakes keyed 'METHOD /api/path' (a path with its ids filled in). */
export type ApiHandlers = { [K in Endpoint]?: Handler<K> };
type AnyHandler = (call: RecordedCall) => unknown;

/** A JSON answer with a status (handlers return plain objects for 200). */
export function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** One event of a streamed search, as the contract's event schema accepts it. */
export type ApiStreamEvent = z.input<typeof searchStreamEventSchema>;

/** A streamed search's answer: one event per line. */
export function ndjson(events: ApiStreamEvent[]): Response {
  return new Response(events.map((e) => JSON.stringify(e)).join('\n') + '\n', {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });
}

/**
 * Stubs fetch with handlers keyed 'METHOD /api/path', typed by the contract (ApiAnswers). GET /api/config answers
 * buildConfig() unless given. Unhandled calls answer 404 in the server's error shape. Returns every call made.
 */
export function mockApi(handlers: ApiHandlers = {}) {
  return stubFetch(handlers as Record<string, AnyHandler>);
}

/** The same for the API client's own tests, on made-up endpoints no contract describes. */
export function mockAnyApi(handlers: Record<string, AnyHandler>) {
  return stubFetch(handlers);
}

function stubFetch(handlers: Record<string, AnyHandler>) {
  const calls: RecordedCall[] = [];
  const all: Record<string, AnyHandler> = { 'GET /api/config': () => buildConfig(), ...handlers };
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
export function signedInAs(user: User): ApiHandlers {
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

/** Forgets what a test left behind: stored token, fetch stub. */
export function resetTestState() {
  window.localStorage.clear();
  vi.unstubAllGlobals();
}
