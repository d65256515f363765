import { FAVOURITES_MESSAGES, type Favourites } from '@gowild/contract/favourites';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { clearToasts, toastStore } from '@/components/ui/toast/toast-store';
import { type RecordedCall, buildUser, mockAnyApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { FavouritesProvider, useFavourites } from './favourites-context';

const KEPT: Favourites = {
  home_airports: ['DEN'],
  favourite_airports: ['MCO'],
  filters: null,
  updated_at: '2026-11-27T10:00:00.000Z',
};

/** Shows what the provider holds and offers its changes as buttons. */
function Probe() {
  const control = useFavourites();
  if (!control) return <p data-testid="state">none</p>;
  return (
    <>
      <p data-testid="state">
        {control.status}:{' '}
        {control.favourites ? `${control.favourites.home_airports.join(',')}|${control.favourites.favourite_airports.join(',')}` : '-'}
        {control.favourites?.filters ? `|${control.favourites.filters.stops}` : ''}
      </p>
      <button type="button" onClick={() => control.toggleFavourite('LAS')}>
        star LAS
      </button>
      <button type="button" onClick={() => control.rememberFilters({ stops: 'nonstop' })}>
        nonstop
      </button>
      <button type="button" onClick={() => control.rememberFilters({ stops: 'one_stop' })}>
        one stop
      </button>
    </>
  );
}

function show(handlers: Record<string, (c: RecordedCall) => unknown>, signedIn = true) {
  const api = mockAnyApi({ ...(signedIn ? signedInAs(buildUser()) : {}), ...handlers });
  renderWithProviders(
    <FavouritesProvider>
      <Probe />
    </FavouritesProvider>,
  );
  return api;
}
const state = () => screen.getByTestId('state').textContent;

describe('FavouritesProvider (docs/product/favourites.md)', () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it('gives a visitor nothing and asks the server nothing', async () => {
    const api = show({}, false);
    await waitFor(() => expect(state()).toBe('none'));
    expect(api.callsTo('GET /api/favourites')).toHaveLength(0);
  });

  it('reads the traveller’s favourites; a star shows at once and is saved as that part alone', async () => {
    const api = show({
      'GET /api/favourites': () => KEPT,
      'PUT /api/favourites': (c) => ({ ...KEPT, ...(c.body as object), message: 'Favourites saved' }),
    });
    await waitFor(() => expect(state()).toBe('ready: DEN|MCO'));
    await userEvent.click(screen.getByRole('button', { name: 'star LAS' }));
    expect(state()).toBe('ready: DEN|MCO,LAS');
    await waitFor(() => expect(api.callsTo('PUT /api/favourites')).toHaveLength(1));
    expect(api.callsTo('PUT /api/favourites')[0]!.body).toEqual({ favourite_airports: ['MCO', 'LAS'] });
  });

  it('puts a refused star back and says so', async () => {
    show({
      'GET /api/favourites': () => KEPT,
      'PUT /api/favourites': () => reply(400, { error: 'LAS is not an airport or city we fly from' }),
    });
    await waitFor(() => expect(state()).toBe('ready: DEN|MCO'));
    await userEvent.click(screen.getByRole('button', { name: 'star LAS' }));
    await waitFor(() => expect(state()).toBe('ready: DEN|MCO'));
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({ type: 'error', title: FAVOURITES_MESSAGES.saveFailed });
  });

  it('saves filters once, the last ones, after the changes stop', async () => {
    const api = show({
      'GET /api/favourites': () => KEPT,
      'PUT /api/favourites': (c) => ({ ...KEPT, ...(c.body as object) }),
    });
    await waitFor(() => expect(state()).toBe('ready: DEN|MCO'));
    await userEvent.click(screen.getByRole('button', { name: 'nonstop' }));
    await userEvent.click(screen.getByRole('button', { name: 'one stop' }));
    expect(state()).toBe('ready: DEN|MCO|one_stop');
    await waitFor(() => expect(api.callsTo('PUT /api/favourites')).toHaveLength(1));
    expect(api.callsTo('PUT /api/favourites')[0]!.body).toEqual({ filters: { stops: 'one_stop' } });
  });

  it('offline with no kept copy: unavailable at once, not waiting for a connection', async () => {
    // The query library pauses queries while it believes the browser is offline; this one is asked all the same.
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    show({
      'GET /api/favourites': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await waitFor(() => expect(state()).toBe('unavailable: -'));
  });
});
