import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WelcomeModal } from '@/features/auth/components/welcome-modal';
import { buildConfig, buildUser, currentLocation, mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';

async function registered(freeSearchesPerDay = 3) {
  mockApi({
    'GET /api/config': () => buildConfig({ freeSearchesPerDay }),
    'POST /api/auth/register': () => ({ token: 't', user: buildUser() }),
  });
  const view = renderWithProviders(<WelcomeModal />, { route: '/register', routes: [{ path: '/plans', element: <h1>Plans</h1> }] });
  await act(() => view.authStore.register({ email: 'ada@example.com', password: 'secret1', first_name: 'Ada', last_name: 'Lovelace' }));
  return view;
}

describe('welcome modal (docs/product/accounts-and-plans.md#welcome-modal)', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetTestState();
  });

  it('is hidden until registration', async () => {
    mockApi();
    renderWithProviders(<WelcomeModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("states the server's daily quota, not a hard-coded one", async () => {
    await registered(5);
    const dialog = await screen.findByRole('dialog', { name: /Welcome to GoWild Finder, Ada/ });
    expect(await screen.findByText('5 free searches per day')).toBeTruthy();
    expect(dialog.textContent).not.toContain('per week');
  });

  it("'Upgrade to Premium' closes after 150 ms and goes to /plans", async () => {
    const { router, authStore } = await registered();
    await screen.findByRole('dialog');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(authStore.getState().showWelcomeModal).toBe(true);
    act(() => vi.advanceTimersByTime(150));
    expect(authStore.getState().showWelcomeModal).toBe(false);
    expect(currentLocation(router)).toBe('/plans');
  });

  it("'Start Searching Flights' goes to /", async () => {
    const { router } = await registered();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Searching Flights' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(currentLocation(router)).toBe('/');
  });
});
