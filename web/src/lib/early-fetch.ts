/**
 * A call the boot script starts before the app's code has loaded (decision 282): a search link opened in a fresh
 * browser used to wait 0.7 to 2 s for the app to start, check the session and only then ask for the search. The boot
 * script asks at once; the app's own call for the same address, with the same token, takes the answer already on its
 * way instead of asking again, so the search is asked (and counted) once.
 */
interface Early {
  url: string;
  token: string;
  response: Promise<Response>;
  controller: AbortController;
}

/** How long an early call waits for the app to take it before it is dropped (the app then never asked for it). */
const UNCLAIMED_MS = 30_000;

let early: Early | undefined;

/** Starts the call `url` with the stream's headers and the session token; a call already started is replaced. */
export function startEarlyFetch(url: string, token: string, accept: string): void {
  early?.controller.abort();
  const controller = new AbortController();
  const response = fetch(url, { headers: { accept, authorization: `Bearer ${token}` }, signal: controller.signal });
  // Read by the app or dropped; a failure is the app's to report when it takes the call, never an unhandled rejection.
  response.catch(() => undefined);
  const mine: Early = { url, token, response, controller };
  early = mine;
  setTimeout(() => {
    if (early !== mine) return;
    early = undefined;
    controller.abort();
  }, UNCLAIMED_MS);
}

/**
 * The early call for exactly this address and token, once: the second caller (a re-run, another tab's state) asks
 * the server itself. `signal` aborting after the take cancels the early call as it would the app's own.
 */
export function takeEarlyFetch(url: string, token: string | null, signal?: AbortSignal): Promise<Response> | undefined {
  const found = early;
  if (!found || found.url !== url || found.token !== token) return undefined;
  early = undefined;
  if (signal?.aborted) found.controller.abort();
  signal?.addEventListener('abort', () => found.controller.abort(), { once: true });
  return found.response;
}
