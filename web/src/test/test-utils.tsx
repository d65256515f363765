import type { AnyRoute } from '@gowild/contract/api-routes';
import type { User } from '@gowild/contract/auth';
import type { PublicConfig } from '@gowild/contract/config';
import type { searchStreamEventSchema } from '@gowild/contract/flights';
import type { SuccessSchema } from '@gowild/contract/route';
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

/** A table path as the browser asks for it: each `:name` is some value. */
type FilledPath<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${FilledPath<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

/**
 * Every endpoint of the contract's route table (decision 302), keyed 'METHOD /api/path', with the schema of its success
 * answer: a fake's answer is typed as what that schema accepts (`z.input`), so a fake cannot drift from what the
 * server sends, and a fake of a renamed route fails to compile. Streamed endpoints answer NDJSON (no schema: `never`).
 */
type ApiAnswers = { [R in AnyRoute as `${R['method']} ${FilledPath<R['path']>}`]: SuccessSchema<R> };
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
