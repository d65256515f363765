import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPhoneInput } from '@/features/auth/components/phone-input';
import { RegisterForm } from '@/features/auth/components/register-form';
import { buildUser, mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';

function errorOf(label: string) {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id.split(' ')[0]!)?.textContent : undefined;
}

describe('register form (docs/product/accounts-and-plans.md#validation-rules)', () => {
  afterEach(resetTestState);

  it('shows every required-field message at its field', async () => {
    const api = mockApi();
    renderWithProviders(<RegisterForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf('First name')).toBe('First name is required');
    expect(errorOf('Last name')).toBe('Last name is required');
    expect(errorOf('Email')).toBe('Email is required');
    expect(errorOf('Password')).toBe('Password is required');
    expect(errorOf('Confirm password')).toBe('Please confirm your password');
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('checks length, match, address and phone', async () => {
    mockApi();
    renderWithProviders(<RegisterForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@nowhere');
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '55512');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Phone (optional)')).toBe('Please enter a valid US phone number (10 digits)');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters long');
    expect(errorOf('Confirm password')).toBe('Passwords do not match');
  });

  it('shows the phone as (555) 123-4567, sends digits and never the confirmation', async () => {
    const api = mockApi({ 'POST /api/auth/register': () => ({ token: 't', user: buildUser() }) });
    const { authStore } = renderWithProviders(<RegisterForm />);
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '5551234567');
    expect((screen.getByLabelText('Phone (optional)') as HTMLInputElement).value).toBe('(555) 123-4567');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await expect.poll(() => api.callsTo('POST /api/auth/register').length).toBe(1);
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret12',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '5551234567',
    });
    await expect.poll(() => authStore.getState().showWelcomeModal).toBe(true);
  });

  it('omits an empty phone', async () => {
    const api = mockApi({ 'POST /api/auth/register': () => ({ token: 't', user: buildUser() }) });
    renderWithProviders(<RegisterForm />);
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await expect.poll(() => api.callsTo('POST /api/auth/register').length).toBe(1);
    expect(api.callsTo('POST /api/auth/register')[0]?.body).not.toHaveProperty('phone_number');
  });
});

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['(555) 123-45678999', '(555) 123-4567'],
  ])('%s → %s', (input, output) => {
    expect(formatPhoneInput(input)).toBe(output);
  });
});
