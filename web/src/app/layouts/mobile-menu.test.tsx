import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, mockApi, renderWithProviders, resetTestState, signedInAs } from '@/test/test-utils';
import { MobileMenu } from './mobile-menu';
import { NOTIFICATIONS_PREMIUM_ALERT } from './user-menu';

configure({ asyncUtilTimeout: 5000 });
afterEach(resetTestState);

const open = (route = '/about') => {
  const onClose = vi.fn();
  const view = renderWithProviders(<MobileMenu open onClose={onClose} onHome={() => {}} />, { route });
  void view.authStore.initialize();
  return { ...view, onClose };
};
const links = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

/** docs/product/README.md#mobile-menu. */
describe('the mobile menu', () => {
  it('shows a premium traveller on trial their name, badges, pages without crowns, and Sign out', async () => {
    // Three days and an hour left: the badge counts the part day as a day.
    const trialEnd = Math.floor(Date.now() / 1000) + 3 * 86_400 + 3_600;
    mockApi(signedInAs(buildUser({ is_premium: true, is_trial: true, trial_end: trialEnd })));
    open();
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Premium')).toBeTruthy();
    expect(screen.getByText('4 days left in trial')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(links(nav)).toEqual([
      ['Home', '/'],
      ['Routes', '/routes'],
      ['Via a Hub', '/hub-search'],
      ['Get me home', '/get-home'],
      ['Trip finder', '/trips'],
      ['Anywhere', '/anywhere'],
      ['Plans', '/plans'],
      ['Profile', '/profile'],
      ['Get help', '/support'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('tells a free traveller that notifications are premium instead of opening them', async () => {
    mockApi(signedInAs(buildUser()));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { onClose } = open();
    await screen.findByText('Ada Lovelace');
    expect(screen.queryByText('Premium')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(alert).toHaveBeenCalledWith(NOTIFICATIONS_PREMIUM_ALERT);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers a visitor Sign in and Sign up that come back to the search link it was opened on', async () => {
    mockApi({});
    open('/?origin=DEN&date=2099-01-02');
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toContain('/login?next=');
    expect(decodeURIComponent(signIn.getAttribute('href')!)).toContain('/?origin=DEN&date=2099-01-02');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toContain('/register?next=');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
