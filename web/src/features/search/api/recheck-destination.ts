import { flightsRoutes } from '@gowild/contract/routes/flights';
import { type Flight } from '@gowild/contract/flights';
import { callApi } from '@/lib/call-api';

/** What a live re-check of one destination brought back. */
export interface RecheckResult {
  /** The destination's flights as the airline answered now (every origin airport of the search). */
  flights: Flight[];
  /** When the answer was fetched (ISO instant), when the server says. */
  checkedAt: string | null;
  /**
   * Why the destination could not be re-checked although the server answered (the airline failed, or the user's
   * share of airline lookups ran out), in words; null when it was.
   */
  problem: string | null;
}

export const RECHECK_TEXTS = {
  button: 'Re-check now',
  busy: 'Re-checking…',
  failed: 'Could not re-check now. Please try again.',
  airlineFailed: 'The airline did not answer the re-check. The fares shown are as last checked.',
} as const;

/**
 * POST /api/flights/recheck (premium; docs/product/observations.md#freshness): asks the airline about one destination
 * now, whatever answer is kept. Refusals (premium, quota, bad input) throw an ApiError carrying the server's words.
 */
export async function recheckDestination(params: { origin: string; destination: string; date: string }): Promise<RecheckResult> {
  const parsed = await callApi(flightsRoutes.recheck, {
    action: 're-check flights',
    query: params,
    prefer: 'message',
    defaultMessage: RECHECK_TEXTS.failed,
  });
  const code = params.destination;
  const failed = parsed.failed?.includes(code) ?? false;
  const problem = failed ? (parsed.over_budget?.codes.includes(code) ? parsed.over_budget.message : RECHECK_TEXTS.airlineFailed) : null;
  return { flights: Object.values(parsed.flights).flat(), checkedAt: parsed.checked_at?.[code] ?? null, problem };
}
