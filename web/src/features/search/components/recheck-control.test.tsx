import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { buildFlight } from '@/test/build-flight';
import { RECHECK_TEXTS } from '../api/recheck-destination';
import { type FlightSearchState, initialSearchState } from '../hooks/use-flight-search';
import { RecheckControl } from './recheck-control';
import { ResultsScreen, type ResultsScreenProps } from './results-screen';

/** A promise the test settles by hand, to look at the busy state in between. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const twelveMinutesAgo = () => new Date(Date.now() - 12 * 60_000 - 5000).toISOString();

describe('RecheckControl', () => {
  it('is busy while the airline is asked, then ready again with no message', async () => {
    const answer = deferred<string | null>();
    const onRecheck = vi.fn(() => answer.promise);
    render(<RecheckControl checkedAt={twelveMinutesAgo()} onRecheck={onRecheck} />);
    expect(screen.getByTestId('recheck-freshness').textContent).toContain('Fares checked 12 min ago');
    await userEvent.click(screen.getByRole('button', { name: RECHECK_TEXTS.button }));
    const busy = screen.getByTestId('recheck-button');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.textContent).toContain(RECHECK_TEXTS.busy);
    expect(onRecheck).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(null));
    expect((screen.getByRole('button', { name: RECHECK_TEXTS.button }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('recheck-problem')).toBeNull();
  });

  it("shows the server's refusal in its words", async () => {
    const refusal = 'Single route search is a premium feature. Upgrade your account to search specific destinations.';
    render(
      <RecheckControl checkedAt={twelveMinutesAgo()} onRecheck={() => Promise.reject(new ApiError(refusal, 403, 'PREMIUM_REQUIRED'))} />,
    );
    await userEvent.click(screen.getByRole('button', { name: RECHECK_TEXTS.button }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect((screen.getByRole('button', { name: RECHECK_TEXTS.button }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why when the server answered but the destination could not be re-checked, and clears it on the next try', async () => {
    const onRecheck = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce(RECHECK_TEXTS.airlineFailed).mockResolvedValueOnce(null);
    render(<RecheckControl onRecheck={onRecheck} />);
    expect(screen.getByTestId('recheck-freshness').textContent).toContain('Fares as last checked');
    await userEvent.click(screen.getByRole('button', { name: RECHECK_TEXTS.button }));
    expect((await screen.findByRole('alert')).textContent).toContain(RECHECK_TEXTS.airlineFailed);
    await userEvent.click(screen.getByRole('button', { name: RECHECK_TEXTS.button }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to a plain message when the failure has no words', async () => {
    render(<RecheckControl onRecheck={() => Promise.reject(new Error('boom'))} />);
    await userEvent.click(screen.getByRole('button', { name: RECHECK_TEXTS.button }));
    expect((await screen.findByRole('alert')).textContent).toContain(RECHECK_TEXTS.failed);
  });
});

describe('the re-check on the results cards', () => {
  const search: FlightSearchState = {
    ...initialSearchState,
    status: 'done',
    request: { direction: 'outbound', origin: 'DEN', destination: 'LAS', date: '2026-04-02' },
    codes: ['LAS'],
    total: 1,
    checked: 1,
    results: [{ code: 'LAS', flights: [buildFlight({ destination: 'LAS' })], checkedAt: twelveMinutesAgo() }],
    searchId: 1,
  };
  const renderResults = (props: Partial<ResultsScreenProps>) =>
    render(
      <MemoryRouter>
        <ResultsScreen
          search={search}
          direction="outbound"
          originLabel="Denver"
          destinationLabel="Las Vegas"
          hasDestination
          date="2026-04-02"
          today="2026-04-01"
          onDateChange={() => {}}
          onNewSearch={() => {}}
          onViewReturn={() => {}}
          onRetry={() => {}}
          onSelectDeparture={() => {}}
          isPremium
          airportName={(c) => c}
          {...props}
        />
      </MemoryRouter>,
    );

  it('is on the open card of a premium traveller, and asks for that destination', async () => {
    const onRecheck = vi.fn(() => Promise.resolve(null));
    renderResults({ onRecheck });
    await userEvent.click(screen.getByRole('button', { name: RECHECK_TEXTS.button }));
    expect(onRecheck).toHaveBeenCalledWith('LAS');
  });

  it('is not shown to a free traveller, on inbound results, or while the search runs', () => {
    const onRecheck = vi.fn(() => Promise.resolve(null));
    const { unmount } = renderResults({ onRecheck, isPremium: false });
    expect(screen.queryByTestId('recheck')).toBeNull();
    unmount();
    const inbound = renderResults({ onRecheck, direction: 'inbound' });
    expect(screen.queryByTestId('recheck')).toBeNull();
    inbound.unmount();
    renderResults({ onRecheck, search: { ...search, status: 'loading' } });
    expect(screen.queryByTestId('recheck')).toBeNull();
  });
});
