import { type AnywhereStreamEvent, anywhereStreamEventSchema } from '@gowild/contract/anywhere';
import { apiStream } from '@/lib/api-client';
import { readNdjson } from '@/lib/ndjson';
import { reportDataProblem } from '@/lib/data-problems';

/** What the page asks for: an origin (airports or a city) and the first and last departure dates. */
export interface AnywhereRequest {
  origin: string;
  from: string;
  to: string;
}

export const ANYWHERE_DEFAULT_ERROR = 'Failed to search flights';

/**
 * GET /api/flights/anywhere as NDJSON events (docs/product/anywhere.md#api): start, destination…, summary | error.
 * A line that does not match the contract is reported and skipped. Rejects with the server's refusal (401, 403, 400,
 * 429) before the stream starts.
 */
export async function* searchAnywhereStream(req: AnywhereRequest, signal?: AbortSignal): AsyncGenerator<AnywhereStreamEvent> {
  // Not callApi: it reads one JSON answer, and this reads the NDJSON lines of the unread Response as they come.
  const response = await apiStream('/flights/anywhere', {
    action: 'search flights',
    query: { origin: req.origin, from: req.from, to: req.to },
    prefer: 'message',
    defaultMessage: ANYWHERE_DEFAULT_ERROR,
    signal,
  });
  for await (const raw of readNdjson<unknown>(response)) {
    const parsed = anywhereStreamEventSchema.safeParse(raw);
    if (parsed.success) yield parsed.data;
    else
      reportDataProblem({
        source: 'GET /api/flights/anywhere',
        what: 'anywhere event',
        issue: parsed.error.issues[0]?.message ?? 'no detail',
      });
  }
}
