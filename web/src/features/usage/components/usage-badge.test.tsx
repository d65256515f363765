import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageBadge } from '@/features/usage/components/usage-badge';
import { buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';

function usage(searches_remaining: number | null, is_premium = false, search_limit: number | null = 3) {
  return { 'GET /api/auth/search-usage': () => ({ search_limit, searches_remaining, is_premium }) };
}

describe('usage badge (docs/product/accounts-and-plans.md#usage-badge)', () => {
  afterEach(resetTestState);

  it('is unlimited for premium', async () => {
    mockApi({ ...signedInAs(buildUser({ is_premium: true })), ...usage(null, true, null) });
    renderWithProviders(<UsageBadge />);
    const badge = await screen.findByTestId('usage-badge');
    expect(badge.dataset.state).toBe('unlimited');
    expect(badge.textContent).toContain('Unlimited');
  });

  it('is green with more than 1 left, with an Upgrade link to /plans', async () => {
    mockApi({ ...signedInAs(buildUser()), ...usage(3) });
    renderWithProviders(<UsageBadge />);
    const badge = await screen.findByTestId('usage-badge');
    expect(badge.dataset.state).toBe('ok');
    expect(badge.textContent).toContain('3 of 3 searches left today');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
  });

  it('is yellow at 1 left', async () => {
    mockApi({ ...signedInAs(buildUser()), ...usage(1) });
    renderWithProviders(<UsageBadge />);
    const badge = await screen.findByTestId('usage-badge');
    expect(badge.dataset.state).toBe('low');
    expect(badge.textContent).toContain('1 of 3 search left today');
  });

  it("is red at 0, says 'No searches remaining today' and offers 'Get Free Trial'", async () => {
    mockApi({ ...signedInAs(buildUser()), ...usage(0) });
    renderWithProviders(<UsageBadge />);
    const badge = await screen.findByTestId('usage-badge');
    expect(badge.dataset.state).toBe('empty');
    expect(badge.textContent).toContain('No searches remaining today');
    expect(screen.getByRole('link', { name: 'Get Free Trial' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('uses the upgrade handler when one is given', async () => {
    mockApi({ ...signedInAs(buildUser()), ...usage(2) });
    renderWithProviders(<UsageBadge onUpgrade={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Upgrade' })).toBeTruthy();
  });

  it('is hidden for visitors and never asks the server', async () => {
    const api = mockApi(usage(3));
    const { authStore } = renderWithProviders(<UsageBadge />);
    await authStore.initialize();
    expect(screen.queryByTestId('usage-badge')).toBeNull();
    expect(api.callsTo('GET /api/auth/search-usage')).toHaveLength(0);
  });

  it('is hidden when the usage call fails', async () => {
    mockApi({ ...signedInAs(buildUser()), 'GET /api/auth/search-usage': () => reply(500, {}) });
    const { queryClient } = renderWithProviders(<UsageBadge />);
    await waitFor(() => expect(queryClient.getQueryState(['search-usage', 'u1'])?.status).toBe('error'));
    expect(screen.queryByTestId('usage-badge')).toBeNull();
  });
});
