import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';

describe('forgot password (docs/product/accounts-and-plans.md#forgot-and-reset-password: form, then sent)', () => {
  afterEach(resetTestState);

  it('validates the address at the field', async () => {
    const api = mockApi();
    renderWithProviders(<ForgotPasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);
  });

  it("sends the address and shows 'Check your email'", async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': () => ({ success: true, message: 'sent' }) });
    renderWithProviders(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});
