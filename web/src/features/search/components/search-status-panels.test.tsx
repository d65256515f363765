import { airlineShareMessage } from '@gowild/contract/flights';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PartialNotice, SearchErrorPanel } from './search-status-panels';

describe("search panels for the user's airline share (decision 117)", () => {
  it('says a refused search is over the airline share, with when to try again, not the daily quota', () => {
    const message = airlineShareMessage(42);
    render(
      <MemoryRouter>
        <SearchErrorPanel error={{ message, status: 429, code: 'RATE_LIMITED' }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('airline-share-panel').textContent).toContain('Airline Search Limit Reached');
    expect(screen.getByTestId('airline-share-panel').textContent).toContain('Please try again in 42 seconds.');
    expect(screen.queryByText('Daily Search Limit Reached')).toBeNull();
  });

  it("gives the server's words for destinations left unchecked midway", () => {
    const words = airlineShareMessage(30, true);
    render(<PartialNotice failed={['MCO', 'ATL']} onRetry={() => {}} overBudgetMessage={words} />);
    const notice = screen.getByTestId('partial-notice').textContent ?? '';
    expect(notice).toContain('MCO, ATL');
    expect(notice).toContain(words);
    expect(notice).not.toContain('did not answer in time');
  });
});
