import { paths } from '@/config/paths';
import { noteAnswer } from '@/lib/offline/offline-state';
import { type QueryValue, apiUrl } from './api-url';
import { takeEarlyFetch } from './early-fetch';
import { tokenStorage } from './token-storage';

/**
 * The one way the web app talks to the server (docs/product/accounts-and-plans.md#sessions; decision 032): base /api,
 * bearer token from local storage, 2xx = success, no client time-out, a 401 on anything but login/register ends the
 * session and goes to /login, and the error texts of docs/product/accounts-and-plans.md#error-texts.
 */

export { AUTH_TOKEN_KEY, tokenStorage } from './token-storage';

/** A failed call: the text to show, the HTTP status (0 when no answer came) and the server's stable code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;
  constructor(message: string, status: number, code: string | null = null, body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  if (window.location.pathname !== paths.login) window.location.assign(paths.login);
};

/** The app installs its own (router navigation and auth-store reset); returns the previous one. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): UnauthorizedHandler {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return previous;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Verb phrase for 'Unable to <action>. Please try again later.', e.g. 'log in', 'fetch notifications'. */
  action: string;
  /** The call's default text when the server gave none (docs/product/accounts-and-plans.md#error-texts). */
  defaultMessage?: string;
  /** Which server field wins: searches prefer `message`; auth, notifications, billing and admin prefer `error`. */
  prefer?: 'message' | 'error';
  /** Always this text on failure, whatever the server said (airports, blackout dates). */
  fixedMessage?: string;
  /** False for calls whose 401 is an answer, not an ended session (token verification, logout). */
  redirectOnUnauthorized?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function unableMessage(action: string): string {
  return `Unable to ${action}. Please try again later.`;
}

function pickServerText(body: unknown, prefer: 'message' | 'error'): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const order = prefer === 'message' ? ['message', 'error'] : ['error', 'message'];
  for (const key of order) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = tokenStorage.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    const url = apiUrl(path, options.query);
    // The session check and a search link's stream may already be on their way, started by the boot script
    // (decision 282).
    const early = takeEarlyFetch(url, token, options.signal, { method: options.method ?? 'GET', body });
    response = await (early ?? fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(options.fixedMessage ?? unableMessage(options.action), 0);
  }
  noteAnswer(options.method ?? 'GET', response);
  // Only a call that carried a session can end one: a visitor's 401 (a page showing a signed-in extra) is an answer,
  // and sending the visitor to the sign-in page would take them away from what they opened.
  if (
    response.status === 401 &&
    token &&
    options.redirectOnUnauthorized !== false &&
    !path.includes('/auth/login') &&
    !path.includes('/auth/register')
  ) {
    tokenStorage.clear();
    onUnauthorized();
  }
  return response;
}

async function toError(response: Response, options: RequestOptions): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  const code =
    body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : null;
  const message =
    options.fixedMessage ?? pickServerText(body, options.prefer ?? 'error') ?? options.defaultMessage ?? unableMessage(options.action);
  return new ApiError(message, response.status, code, body);
}

/** A JSON call. Resolves with the parsed body on 2xx; rejects with an ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw await toError(response, options);
  return (await readBody(response)) as T;
}

/**
 * A streamed call (NDJSON and the like): resolves with the unread Response on 2xx, so the caller reads
 * `response.body` line by line; rejects with the same ApiError as apiRequest otherwise.
 */
export async function apiStream(path: string, options: RequestOptions): Promise<Response> {
  const response = await send(path, { ...options, headers: { accept: 'application/x-ndjson, application/json', ...options.headers } });
  if (!response.ok) throw await toError(response, options);
  return response;
}

/**
 * A 2xx answer read as the contract's schema describes it; one that does not fit is an ApiError with `unreadable`
 * (status 200: the call succeeded, its answer cannot be used).
 */
export function readAnswer<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  body: unknown,
  unreadable: string,
): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(unreadable, 200);
  return parsed.data;
}

/** The text to show for any thrown value: an ApiError's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
