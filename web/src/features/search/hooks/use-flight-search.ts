import { confirmedChangeText } from '@gowild/contract/answer-at-once';
import { ERROR_CODES } from '@gowild/contract/errors';
import type { Flight } from '@gowild/contract/flights';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { type FlightSearchRequest, SEARCH_DEFAULTS, searchFlightsStream } from '../api/search-flights-stream';
import type { DestinationResult } from '../utils/group-results';

export interface SearchError {
  message: string;
  status: number;
  code: string | null;
}

export interface FlightSearchState {
  status: 'idle' | 'loading' | 'done' | 'error';
  request: FlightSearchRequest | null;
  /** Every code the server will check, from the start event. */
  codes: string[];
  total: number;
  checked: number;
  /** Destinations in the order they arrived (empty lists included). */
  results: DestinationResult[];
  /** Codes that could not be checked (partial results). */
  failed: string[];
  /** The server's words when some were not checked because the user's airline share ran out (decision 117). */
  overBudgetMessage: string | null;
  /** Codes whose results arrived but did not match the contract (decision 127): shown as a data problem. */
  unreadable: string[];
  /** Events of this search that did not match the contract, with or without a code. */
  unreadableEvents: number;
  /** The origin airports the server searched (a city expands to several). */
  originAirports: string[];
  error: SearchError | null;
  /** Bumped by every new search, so screens can reset per-search state. */
  searchId: number;
}

type Action =
  | { type: 'start'; request: FlightSearchRequest; keep: boolean }
  | { type: 'event-start'; total: number; codes: string[]; originAirports: string[] }
  | {
      type: 'destination';
      code: string;
      flights: Flight[];
      checked: number;
      total: number;
      failed: boolean;
      checkedAt?: string;
      /** Sent at once from what was last seen: the same code comes again when confirmed. */
      confirming?: boolean;
    }
  | { type: 'summary'; failed: string[]; overBudgetMessage: string | null }
  | { type: 'unreadable'; code: string | null }
  | { type: 'recheck'; searchId: number; code: string; flights: Flight[]; checkedAt: string | null }
  | { type: 'ended-early' }
  | { type: 'error'; error: SearchError }
  | { type: 'reset' };

export const initialSearchState: FlightSearchState = {
  status: 'idle',
  request: null,
  codes: [],
  total: 0,
  checked: 0,
  results: [],
  failed: [],
  overBudgetMessage: null,
  unreadable: [],
  unreadableEvents: 0,
  originAirports: [],
  error: null,
  searchId: 0,
};

/**
 * A destination's answer as it arrives (docs/product/search.md#answer-at-once): sent at once, it is being confirmed;
 * sent again after that, it is the live answer, with what changed, unless it is no newer than what was seen (the
 * airline failed and the last good answer stood in), which stays unconfirmed.
 */
function arrived(kept: DestinationResult | undefined, a: Extract<Action, { type: 'destination' }>): DestinationResult {
  const fresh: DestinationResult = { code: a.code, flights: a.flights, ...(a.checkedAt ? { checkedAt: a.checkedAt } : {}) };
  if (a.confirming) return { ...fresh, confirming: true };
  if (!kept?.confirming) return fresh;
  if (!a.checkedAt || (kept.checkedAt && Date.parse(a.checkedAt) <= Date.parse(kept.checkedAt))) return { ...fresh, unconfirmed: true };
  const change = confirmedChangeText(kept.flights, a.flights);
  return change ? { ...fresh, change } : fresh;
}

/** The search ended: a destination still being confirmed was not, and says so. */
const unconfirmedLeft = (results: DestinationResult[]) =>
  results.some((r) => r.confirming) ? results.map((r) => (r.confirming ? { ...r, confirming: false, unconfirmed: true } : r)) : results;

export function searchReducer(state: FlightSearchState, action: Action): FlightSearchState {
  switch (action.type) {
    case 'start':
      return {
        ...initialSearchState,
        status: 'loading',
        request: action.request,
        searchId: state.searchId + 1,
        // A retry keeps what was found and fills in the rest as it arrives.
        results: action.keep ? state.results : [],
      };
    case 'event-start':
      return { ...state, total: action.total, codes: action.codes, originAirports: action.originAirports };
    case 'destination': {
      const failed = action.failed
        ? [...state.failed.filter((c) => c !== action.code), action.code]
        : state.failed.filter((c) => c !== action.code);
      const kept = state.results.find((r) => r.code === action.code);
      // A failed code on retry keeps whatever it had before; one being confirmed keeps the fares last seen, with their age.
      const next =
        action.failed && kept ? (kept.confirming ? { ...kept, confirming: false, unconfirmed: true } : kept) : arrived(kept, action);
      // In place: a card that was confirmed keeps its spot in the list.
      const results = kept ? state.results.map((r) => (r === kept ? next : r)) : [...state.results, next];
      const unreadable = action.failed ? state.unreadable : state.unreadable.filter((c) => c !== action.code);
      return { ...state, results, failed, unreadable, checked: action.checked, total: action.total };
    }
    case 'unreadable': {
      const code = action.code;
      if (!code) return { ...state, unreadableEvents: state.unreadableEvents + 1 };
      // A retry keeps what an earlier answer showed for the place; without one, the place is a data problem.
      const kept = state.results.some((r) => r.code === code && r.flights.length > 0);
      return {
        ...state,
        unreadableEvents: state.unreadableEvents + 1,
        unreadable: kept || state.unreadable.includes(code) ? state.unreadable : [...state.unreadable, code],
      };
    }
    case 'summary': {
      const failed = [...new Set([...state.failed, ...action.failed])].filter(
        (c) => !state.results.some((r) => r.code === c && r.flights.length > 0),
      );
      return {
        ...state,
        status: 'done',
        results: unconfirmedLeft(state.results),
        failed,
        overBudgetMessage: action.overBudgetMessage,
        checked: state.total || state.checked,
      };
    }
    case 'recheck': {
      // A live re-check of one destination (premium): its card shows the new answer in place, checked as of now.
      // An answer for a search since replaced is dropped.
      if (state.status !== 'done' || state.searchId !== action.searchId) return state;
      const fresh: DestinationResult = {
        code: action.code,
        flights: action.flights,
        ...(action.checkedAt ? { checkedAt: action.checkedAt } : {}),
      };
      const known = state.results.some((r) => r.code === action.code);
      return {
        ...state,
        results: known ? state.results.map((r) => (r.code === action.code ? fresh : r)) : [...state.results, fresh],
        failed: state.failed.filter((c) => c !== action.code),
        unreadable: state.unreadable.filter((c) => c !== action.code),
      };
    }
    case 'ended-early': {
      // The stream closed without its summary: whatever was not heard from was not checked.
      const heard = new Set([...state.results.map((r) => r.code), ...state.unreadable]);
      const missing = state.codes.filter((c) => !heard.has(c));
      return { ...state, status: 'done', results: unconfirmedLeft(state.results), failed: [...new Set([...state.failed, ...missing])] };
    }
    case 'error':
      return { ...state, status: 'error', results: unconfirmedLeft(state.results), error: action.error };
    case 'reset':
      return { ...initialSearchState, searchId: state.searchId + 1 };
  }
}

function toSearchError(e: unknown, direction: FlightSearchRequest['direction']): SearchError {
  if (e instanceof ApiError) return { message: e.message || SEARCH_DEFAULTS.page, status: e.status, code: e.code };
  return { message: direction === 'inbound' ? SEARCH_DEFAULTS.inbound : SEARCH_DEFAULTS.page, status: 0, code: null };
}

/**
 * The streamed flight search (docs/product/search.md#results): destinations appear as the server checks them.
 * A new search aborts the one before it. `onSuccess` runs once per search that completed (usage refresh).
 */
export function useFlightSearch(opts: { onSuccess?: () => void } = {}) {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const controller = useRef<AbortController | null>(null);
  const onSuccess = useRef(opts.onSuccess);
  useEffect(() => {
    onSuccess.current = opts.onSuccess;
  });

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (request: FlightSearchRequest, keep = false) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    dispatch({ type: 'start', request, keep });
    let sawSummary = false;
    try {
      for await (const ev of searchFlightsStream(request, ac.signal)) {
        if (ac.signal.aborted) return;
        if (ev.type === 'start')
          dispatch({ type: 'event-start', total: ev.total, codes: ev.codes, originAirports: ev.search_parameters.origin_airports });
        else if (ev.type === 'destination')
          dispatch({
            type: 'destination',
            code: ev.code,
            flights: ev.flights,
            checked: ev.done,
            total: ev.total,
            failed: ev.failed === true,
            ...(ev.checked_at ? { checkedAt: ev.checked_at } : {}),
            ...(ev.confirming ? { confirming: true } : {}),
          });
        else if (ev.type === 'unreadable') dispatch({ type: 'unreadable', code: ev.code });
        else if (ev.type === 'summary') {
          sawSummary = true;
          dispatch({ type: 'summary', failed: ev.failed ?? [], overBudgetMessage: ev.over_budget?.message ?? null });
        } else if (ev.type === 'error') {
          dispatch({ type: 'error', error: { message: ev.message || SEARCH_DEFAULTS.page, status: ev.status, code: ev.code } });
          // A search the server's restart cut short counts when results had arrived (decision 055): refresh the usage.
          if (ev.code === ERROR_CODES.SERVER_RESTARTING) onSuccess.current?.();
          return;
        }
      }
      if (ac.signal.aborted) return;
      if (!sawSummary) dispatch({ type: 'ended-early' });
      onSuccess.current?.();
    } catch (e) {
      if (ac.signal.aborted || (e instanceof DOMException && e.name === 'AbortError')) return;
      dispatch({ type: 'error', error: toSearchError(e, request.direction) });
    }
  }, []);

  const search = useCallback((request: FlightSearchRequest) => void run(request, false), [run]);
  const retry = useCallback(() => {
    if (state.request) void run(state.request, true);
  }, [run, state.request]);
  const reset = useCallback(() => {
    controller.current?.abort();
    dispatch({ type: 'reset' });
  }, []);

  /** Puts a re-checked destination's answer in place of the one shown (docs/product/observations.md#freshness). */
  const replaceDestination = useCallback(
    (searchId: number, code: string, flights: Flight[], checkedAt: string | null) =>
      dispatch({ type: 'recheck', searchId, code, flights, checkedAt }),
    [],
  );

  return { state, search, retry, reset, replaceDestination };
}
