import type { AnywhereParameters, AnywhereStreamEvent } from '@gowild/contract/anywhere';
import type { Flight } from '@gowild/contract/flights';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { ANYWHERE_DEFAULT_ERROR, type AnywhereRequest, searchAnywhereStream } from '../api/search-anywhere-stream';

/** One destination's answer so far: first from what was last seen (`confirming`), then the live one in its place. */
export interface AnywhereDestination {
  code: string;
  flights: Flight[];
  confirming: boolean;
  failed: boolean;
  checkedAt?: string;
}

export interface AnywhereState {
  status: 'idle' | 'loading' | 'done' | 'error';
  request: AnywhereRequest | null;
  parameters: AnywhereParameters | null;
  total: number;
  checked: number;
  /** In the order they arrived; a destination sent again replaces itself in place. */
  destinations: AnywhereDestination[];
  failed: string[];
  overBudgetMessage: string | null;
  demo: boolean;
  error: { message: string; status: number } | null;
}

const initial: AnywhereState = {
  status: 'idle',
  request: null,
  parameters: null,
  total: 0,
  checked: 0,
  destinations: [],
  failed: [],
  overBudgetMessage: null,
  demo: false,
  error: null,
};

type Action =
  | { type: 'start'; request: AnywhereRequest }
  | { type: 'event'; event: AnywhereStreamEvent }
  | { type: 'ended-early' }
  | { type: 'error'; message: string; status: number };

function reduce(state: AnywhereState, action: Action): AnywhereState {
  switch (action.type) {
    case 'start':
      return { ...initial, status: 'loading', request: action.request };
    case 'ended-early':
      return state.status === 'loading' ? { ...state, status: 'done' } : state;
    case 'error':
      return { ...state, status: 'error', error: { message: action.message, status: action.status } };
    case 'event': {
      const e = action.event;
      if (e.type === 'start') return { ...state, parameters: e.search_parameters, total: e.total };
      if (e.type === 'destination') {
        const next: AnywhereDestination = {
          code: e.code,
          flights: e.flights,
          confirming: e.confirming === true,
          failed: e.failed === true,
          ...(e.checked_at ? { checkedAt: e.checked_at } : {}),
        };
        const at = state.destinations.findIndex((d) => d.code === e.code);
        // A failed confirmation keeps what was last seen: the traveller still has the fares, shown as not confirmed.
        const kept =
          at >= 0 && next.failed && state.destinations[at]!.flights.length > 0
            ? { ...state.destinations[at]!, confirming: false, failed: true }
            : next;
        const destinations = at >= 0 ? state.destinations.map((d, i) => (i === at ? kept : d)) : [...state.destinations, next];
        return { ...state, destinations, checked: e.confirming ? state.checked : e.done };
      }
      if (e.type === 'summary')
        return {
          ...state,
          status: 'done',
          checked: state.total,
          failed: e.failed ?? [],
          overBudgetMessage: e.over_budget?.message ?? null,
          demo: e.demo === true,
        };
      return { ...state, status: 'error', error: { message: e.message, status: e.status } };
    }
  }
}

/** Runs the anywhere search of `request` (a new request stops the one before) and keeps its answer as it streams. */
export function useAnywhereSearch() {
  const [state, dispatch] = useReducer(reduce, initial);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (request: AnywhereRequest) => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    dispatch({ type: 'start', request });
    try {
      for await (const event of searchAnywhereStream(request, mine.signal)) {
        if (mine.signal.aborted) return;
        dispatch({ type: 'event', event });
      }
      if (!mine.signal.aborted) dispatch({ type: 'ended-early' });
    } catch (err) {
      if (mine.signal.aborted) return;
      dispatch({
        type: 'error',
        message: err instanceof ApiError ? err.message : ANYWHERE_DEFAULT_ERROR,
        status: err instanceof ApiError ? err.status : 0,
      });
    }
  }, []);

  return { state, run };
}
