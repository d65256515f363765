import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';
import { ReferenceDataPanel } from './reference-data-panel';

// A loaded CI machine can take longer than the 1 s default to load the lists and render.
configure({ asyncUtilTimeout: 5000 });

afterEach(resetTestState);

const routes = (dryRun: boolean) => ({ routes: 882, added: ['DEN-XNA'], removed: ['DEN-ABC', 'LAS-ABC'], skipped: 1, dry_run: dryRun });

/** docs/product/admin.md#operator-actions: blackout dates and the route network from /admin. */
describe('blackout dates and routes on /admin', () => {
  it('adds a range of blackout dates with its label, and removes one only once confirmed', async () => {
    const api = mockApi({
      'GET /api/admin/blackouts': () => ({ blackout_dates: ['2099-11-26', '2099-11-27'] }),
      'POST /api/admin/blackouts': () => ({ blackout_dates: ['2099-11-26', '2099-11-27', '2099-12-24'] }),
      'DELETE /api/admin/blackouts/2099-11-27': () => ({ blackout_dates: ['2099-11-26'] }),
    });
    renderWithProviders(<ReferenceDataPanel />);
    expect(await screen.findByText('2 upcoming: 2099-11-26, 2099-11-27')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-12-24' } });
    fireEvent.change(screen.getByLabelText('To (optional)'), { target: { value: '2099-12-26' } });
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Christmas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add blackout dates' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/blackouts')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/blackouts')[0]!.body).toEqual({ start: '2099-12-24', end: '2099-12-26', label: 'Christmas' });
    await waitFor(() => expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(''));

    fireEvent.change(screen.getByLabelText('Remove a date'), { target: { value: '2099-11-27' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('GoWild fares are offered again on 2099-11-27.')).toBeTruthy();
    expect(api.callsTo('DELETE /api/admin/blackouts/2099-11-27')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove date' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/admin/blackouts/2099-11-27')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('previews a refresh of the route network before applying it', async () => {
    const api = mockApi({
      'GET /api/admin/blackouts': () => ({ blackout_dates: [] }),
      'POST /api/admin/routes/refresh': (call) => routes((call.body as { dry_run: boolean }).dry_run),
    });
    renderWithProviders(<ReferenceDataPanel />);
    expect(screen.queryByRole('button', { name: 'Apply refresh' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview refresh' }));
    expect((await screen.findByText(/The airline lists 882 routes/)).textContent).toBe(
      'The airline lists 882 routes: 1 to add, 2 to remove, 1 skipped (unknown stations).',
    );
    expect(api.callsTo('POST /api/admin/routes/refresh').map((c) => c.body)).toEqual([{ dry_run: true }]);
    fireEvent.click(screen.getByRole('button', { name: 'Apply refresh' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/routes/refresh').map((c) => c.body)).toEqual([{ dry_run: true }, { dry_run: false }]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Apply refresh' })).toBeNull());
  });
});
