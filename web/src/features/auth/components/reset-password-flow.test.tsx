import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ResetPasswordFlow } from '@/features/auth/components/reset-password-flow';
import { mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';

describe('reset password (docs/product/accounts-and-plans.md#forgot-and-reset-password)', () => {
  afterEach(resetTestState);

  it("without a token says 'No reset token provided' and asks nothing", async () => {
    const api = mockApi();
    renderWithProviders(<ResetPasswordFlow token={null} />);
    expect(screen.getByRole('heading', { name: 'Invalid reset link' })).toBeTruthy();
    expect(screen.getByText('No reset token provided')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/verify-reset-token')).toHaveLength(0);
  });

  it('an invalid token shows the invalid-link panel with both ways out', async () => {
    mockApi({ 'POST /api/auth/verify-reset-token': () => ({ valid: false }) });
    renderWithProviders(<ResetPasswordFlow token="bad" />);
    expect(await screen.findByRole('heading', { name: 'Invalid reset link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('a refused token (4xx) is invalid too', async () => {
    mockApi({
      'POST /api/auth/verify-reset-token': () => reply(400, { error: 'Invalid or expired reset token', message: 'x', code: 'BAD_REQUEST' }),
    });
    renderWithProviders(<ResetPasswordFlow token="bad" />);
    expect(await screen.findByRole('heading', { name: 'Invalid reset link' })).toBeTruthy();
    expect(screen.getByText('Invalid or expired reset token')).toBeTruthy();
  });

  it('verifying → form → Password reset! with Sign in now', async () => {
    const api = mockApi({
      'POST /api/auth/verify-reset-token': () => ({ valid: true, user_name: 'Ada' }),
      'POST /api/auth/reset-password': () => ({ success: true, message: 'ok' }),
    });
    renderWithProviders(<ResetPasswordFlow token="good" />);
    expect(screen.getByRole('status').textContent).toContain('Verifying');
    await screen.findByText(/Hi Ada/);
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Password reset!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in now' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({ token: 'good', password: 'brand-new-1' });
  });

  it('a failed reset shows the server text and keeps the form', async () => {
    mockApi({
      'POST /api/auth/verify-reset-token': () => ({ valid: true }),
      'POST /api/auth/reset-password': () =>
        reply(400, { error: 'Invalid or expired reset token', message: 'Invalid or expired reset token', code: 'BAD_REQUEST' }),
    });
    renderWithProviders(<ResetPasswordFlow token="used" />);
    await userEvent.type(await screen.findByLabelText('New password'), 'brand-new-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired reset token');
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
});
