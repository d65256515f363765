import { LIMITS } from '@gowild/contract/limits';
import type { Direction } from '../utils/search-button';

export interface FlightSearchRequest {
  direction: Direction;
  /** Outbound: airport code(s) or CITY:XXX. */
  origin: string;
  /** Single-route destination (outbound) or the arrival airport (inbound). */
  destination: string;
  date: string;
}

/** What a streamed search accepts (NDJSON, or the JSON of a refusal). */
export const STREAM_ACCEPT = 'application/x-ndjson, application/json';

/** The streamed search's path and query for a request (docs/product/search.md#what-is-searched: max_workers 50 outbound, 10 inbound). */
export function streamTarget(req: FlightSearchRequest): { path: string; query: Record<string, string | number> } {
  if (req.direction === 'inbound') {
    return {
      path: '/flights/inbound/stream',
      query: { destination: req.destination, date: req.date, max_workers: LIMITS.maxWorkersInboundDefault },
    };
  }
  const query: Record<string, string | number> = { origin: req.origin, date: req.date, max_workers: LIMITS.maxWorkersOutboundDefault };
  if (req.destination) query.destination = req.destination;
  return { path: '/flights/search/stream', query };
}
