import { OutsideServiceError } from '../../lib/upstream/service-client';

/** How the RapidAPI "booking-com15" API is reached (docs/product/providers.md#hotels). */
export interface RapidApiOptions {
  key: string;
  /** The `x-rapidapi-host` header: booking-com15.p.rapidapi.com. */
  host: string;
  /** https://booking-com15.p.rapidapi.com unless a test points it elsewhere. */
  baseUrl: string;
  /** Injected for tests: recorded-shape answers without a network. */
  fetchImpl?: typeof fetch;
}

/**
 * One GET to the API, its JSON body or an OutsideServiceError: 429 (over quota) and 401/403 (key refused, not
 * subscribed) are refusals, 5xx and dropped connections are worth a retry, and a 200 whose `status` is false (the
 * API's own failure answer) or a body that is not JSON cannot be used.
 */
export async function rapidApiGet(
  opts: RapidApiOptions,
  path: string,
  params: Record<string, string | number>,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const url = new URL(path, opts.baseUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(url, {
      signal,
      headers: { 'x-rapidapi-key': opts.key, 'x-rapidapi-host': opts.host, accept: 'application/json' },
    });
  } catch (err) {
    throw new OutsideServiceError(`RapidAPI unreachable: ${(err as Error).message}`, 'retryable');
  }
  const body: unknown = await res.json().catch(() => undefined);
  const message =
    typeof (body as { message?: unknown } | undefined)?.message === 'string' ? `: ${(body as { message: string }).message}` : '';
  if (res.status === 429) throw new OutsideServiceError(`RapidAPI 429 (over quota)${message}`, 'refused');
  if (res.status === 401 || res.status === 403)
    throw new OutsideServiceError(`RapidAPI ${res.status} (not subscribed)${message}`, 'refused');
  if (res.status >= 500) throw new OutsideServiceError(`RapidAPI ${res.status}${message}`, 'retryable');
  if (!res.ok) throw new OutsideServiceError(`RapidAPI ${res.status}${message}`, 'invalid');
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new OutsideServiceError('RapidAPI answer is not a JSON object', 'invalid');
  if ((body as { status?: unknown }).status === false) throw new OutsideServiceError(`RapidAPI status false${message}`, 'invalid');
  return body as Record<string, unknown>;
}
