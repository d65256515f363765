import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAirport } from '@/test/build-airport';
import { buildUser, mockApi, renderWithProviders, resetTestState, signedInAs } from '@/test/test-utils';
import { TripFinderView } from './trip-finder-view';

configure({ asyncUtilTimeout: 5000 });

function show(blackouts: string[]) {
  mockApi({ ...signedInAs(buildUser({ is_premium: true })), 'GET /api/gowild/blackout-dates': () => blackouts });
  renderWithProviders(
    <TripFinderView
      airports={[buildAirport('DEN', 'Denver')]}
      airportsLoading={false}
      airportsError={null}
      today="2026-11-27"
      onAlert={() => {}}
    />,
  );
  return screen.getByLabelText('First departure date') as HTMLInputElement;
}

// docs/product/trip-finder.md#the-form; issue 31, defect 8: on the 27th, the 28th to the 30th are blackout dates.
describe('the trip finder first departure date', () => {
  afterEach(resetTestState);

  it('starts on the first day from tomorrow that is not a blackout date', async () => {
    const from = show(['2026-11-28', '2026-11-29', '2026-11-30']);
    await waitFor(() => expect(from.value).toBe('2026-12-01'));
  });

  it('starts tomorrow when tomorrow is not a blackout date', async () => {
    const from = show(['2026-11-29']);
    await waitFor(() => expect(from.value).toBe('2026-11-28'));
  });
});
