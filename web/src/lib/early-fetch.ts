/**
 * Calls the boot script starts before the app's code has loaded (decision 282): a search link opened in a fresh
 * browser used to wait 0.7 to 2 s for the app to start, check the session and only then ask for the search. The boot
 * script asks at once (the session check, and a link's search); the app's own call for the same request, with the
 * same token, takes the answer already on its way instead of asking again, so each is asked (and a search counted)
 * once.
 */
export interface EarlyRequest {
  url: string;
  method?: 'GET' | 'POST';
  accept: string;
  /** A POST's JSON text, exactly as the app's own call writes it (the app's call is matched on it). */
  body?: string;
}

interface Early {
  token: string;
  response: Promise<Response>;
  controller: AbortController;
}

/** How long an early call waits for the app to take it before it is dropped (the app then never asked for it). */
const UNCLAIMED_MS = 30_000;

/**
 * The registry lives on the window, not in this module: the boot script is bundled on its own (inline in the page),
 * so it and the app each have a copy of this module, and meet here.
 */
const REGISTRY = '__gowildEarlyCalls';
const early: Map<string, Early> = ((globalThis as unknown as Record<string, Map<string, Early> | undefined>)[REGISTRY] ??= new Map());

const keyOf = (url: string, method: string, body: string | undefined) => `${method} ${url}\n${body ?? ''}`;

/** Starts `request` with the session token; the same request already started is replaced. Returns its answer. */
export function startEarlyFetch(request: EarlyRequest, token: string): Promise<Response> {
  const method = request.method ?? 'GET';
  const key = keyOf(request.url, method, request.body);
  early.get(key)?.controller.abort();
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: request.accept, authorization: `Bearer ${token}` };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = fetch(request.url, { method, headers, body: request.body, signal: controller.signal });
  // Read by the app or dropped; a failure is the app's to report when it takes the call, never an unhandled rejection.
  response.catch(() => undefined);
  const mine: Early = { token, response, controller };
  early.set(key, mine);
  setTimeout(() => {
    if (early.get(key) !== mine) return;
    early.delete(key);
    controller.abort();
  }, UNCLAIMED_MS);
  return response;
}

/**
 * The early call for exactly this request and token, once: the second caller (a re-run, another tab's state) asks
 * the server itself. `signal` aborting after the take cancels the early call as it would the app's own.
 */
export function takeEarlyFetch(
  url: string,
  token: string | null,
  signal?: AbortSignal,
  sent: { method?: string; body?: string } = {},
): Promise<Response> | undefined {
  const key = keyOf(url, sent.method ?? 'GET', sent.body);
  const found = early.get(key);
  if (!found || found.token !== token) return undefined;
  early.delete(key);
  if (signal?.aborted) found.controller.abort();
  signal?.addEventListener('abort', () => found.controller.abort(), { once: true });
  return found.response;
}
