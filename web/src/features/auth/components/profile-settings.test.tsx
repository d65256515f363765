import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileSettings } from '@/features/auth/components/profile-settings';
import { useAuth } from '@/lib/auth/auth-context';
import { buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';

function Profile() {
  const { user } = useAuth();
  return user ? <ProfileSettings user={user} /> : null;
}

async function start(userOverrides = {}, handlers = {}) {
  const user = buildUser({ phone_number: '5551234567', ...userOverrides });
  const api = mockApi({
    ...signedInAs(user),
    'PUT /api/auth/profile': (c) => ({ user: { ...user, ...(c.body as object) } }),
    ...handlers,
  });
  const view = renderWithProviders(<Profile />);
  await screen.findByTestId('profile-email');
  return { api, ...view };
}

describe('profile (docs/product/accounts-and-plans.md#profile)', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetTestState();
  });

  it('shows the e-mail read-only, the phone formatted, account type and dates', async () => {
    await start();
    expect(screen.getByTestId('profile-email').textContent).toContain('ada@example.com');
    expect(screen.queryByRole('button', { name: /Edit email/i })).toBeNull();
    expect(screen.getByTestId('profile-phone_number').textContent).toBe('(555) 123-4567');
    expect(screen.getByTestId('profile-account-type').textContent).toContain('Free');
    expect(screen.getByText('March 1, 2025')).toBeTruthy();
    expect(screen.getByText('June 1, 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Upgrade Now/ }).getAttribute('href')).toBe('/plans');
  });

  it("the page's subscription block takes the place of the upgrade link; without one, premium users get no link", async () => {
    await start({ is_premium: true });
    expect(screen.getByTestId('profile-account-type').textContent).toContain('Premium');
    expect(screen.queryByRole('link', { name: /Upgrade Now/ })).toBeNull();
    resetTestState();
  });

  it('shows the subscription block it is given', async () => {
    const user = buildUser();
    mockApi(signedInAs(user));
    function WithBlock() {
      const { user: current } = useAuth();
      return current ? <ProfileSettings user={current} subscription={<p>Billing block</p>} /> : null;
    }
    renderWithProviders(<WithBlock />);
    expect(await screen.findByText('Billing block')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Upgrade Now/ })).toBeNull();
  });

  it("saves one field, replaces the user and shows '<field> updated successfully!' for 3 s", async () => {
    const { api } = await start();
    await userEvent.click(screen.getByRole('button', { name: 'Edit first name' }));
    const input = screen.getByLabelText('First name');
    await userEvent.clear(input);
    await userEvent.type(input, '  Grace ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name updated successfully!')).toBeTruthy();
    expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toEqual({ first_name: 'Grace' });
    expect(screen.getByTestId('profile-first_name').textContent).toBe('Grace');
    // Still there well before 3 s, gone at 3 s (real time keeps ticking a few ms under shouldAdvanceTime).
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.queryByText('First name updated successfully!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('First name updated successfully!')).toBeNull();
  });

  it('Cancel leaves the value and sends nothing', async () => {
    const { api } = await start();
    await userEvent.click(screen.getByRole('button', { name: 'Edit last name' }));
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('profile-last_name').textContent).toBe('Lovelace');
    expect(api.callsTo('PUT /api/auth/profile')).toHaveLength(0);
  });

  it('refuses an empty name and a short phone at the field; sends a phone as digits', async () => {
    const { api } = await start();
    await userEvent.click(screen.getByRole('button', { name: 'Edit last name' }));
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Last name is required')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit phone number' }));
    const phone = screen.getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '555123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a valid US phone number (10 digits)')).toBeTruthy();
    await userEvent.type(phone, '9999');
    expect((phone as HTMLInputElement).value).toBe('(555) 123-9999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Phone number updated successfully!');
    expect(api.callsTo('PUT /api/auth/profile')).toHaveLength(1);
    expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toEqual({ phone_number: '5551239999' });
  });

  it('an emptied phone is sent as null', async () => {
    const { api } = await start();
    await userEvent.click(screen.getByRole('button', { name: 'Edit phone number' }));
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Phone number updated successfully!');
    expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toEqual({ phone_number: null });
  });

  it('a server refusal shows at the field and keeps editing', async () => {
    await start(
      {},
      { 'PUT /api/auth/profile': () => reply(400, { error: 'First name is too long', message: 'x', code: 'VALIDATION_FAILED' }) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit first name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByLabelText('First name').closest('form')!;
    expect(await within(form).findByText('First name is too long')).toBeTruthy();
  });

  it('shows the trial badge while a trial runs', async () => {
    await start({ is_trial: true, trial_end: Math.floor(Date.now() / 1000) + 2.5 * 86400 });
    expect(screen.getByText('3 days left in trial')).toBeTruthy();
  });
});
