import { type SearchStreamEvent, searchStreamEventSchema } from '@gowild/contract/flights';
import { apiStream } from '@/lib/api-client';
import { readNdjson } from '@/lib/ndjson';
import { reportDataProblem } from '@/lib/data-problems';
import { type FlightSearchRequest, streamTarget } from './stream-target';

export type { FlightSearchRequest };

export const SEARCH_DEFAULTS = {
  outbound: 'Failed to search flights',
  inbound: 'Failed to search inbound flights',
  page: 'Search failed. Please try again.',
} as const;

/**
 * An event that did not match the contract's schema (decision 127): the destination it names when it names one, so the
 * results can say which place could not be shown.
 */
interface UnreadableEvent {
  type: 'unreadable';
  code: string | null;
}

/** One line of the stream, checked against the contract; anything else is reported and becomes an unreadable event. */
export function readStreamEvent(raw: unknown, source: string): SearchStreamEvent | UnreadableEvent {
  const parsed = searchStreamEventSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const obj = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const type = typeof obj.type === 'string' ? obj.type : 'unknown';
  const first = parsed.error.issues[0];
  reportDataProblem({
    source,
    what: `${type} event`,
    issue: first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'no detail',
  });
  return { type: 'unreadable', code: typeof obj.code === 'string' && type === 'destination' ? obj.code : null };
}

/**
 * Runs a streamed search and yields its events (start, destination…, summary | error), and an `unreadable` event for
 * each line that fails the contract's schema. Rejects with the client's
 * ApiError when the server refuses before streaming (401, 403, 429 with the daily-limit text of
 * docs/product/search.md#search-errors, 4xx/5xx).
 */
export async function* searchFlightsStream(
  req: FlightSearchRequest,
  signal?: AbortSignal,
): AsyncGenerator<SearchStreamEvent | UnreadableEvent> {
  const { path, query } = streamTarget(req);
  // Not callApi: it reads one JSON answer, and this reads the NDJSON lines of the unread Response as they come.
  const response = await apiStream(path, {
    action: req.direction === 'inbound' ? 'search inbound flights' : 'search flights',
    query,
    prefer: 'message',
    defaultMessage: req.direction === 'inbound' ? SEARCH_DEFAULTS.inbound : SEARCH_DEFAULTS.outbound,
    signal,
  });
  for await (const raw of readNdjson<unknown>(response)) yield readStreamEvent(raw, `GET /api${path}`);
}
