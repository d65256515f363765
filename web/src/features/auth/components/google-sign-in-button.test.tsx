import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import type { GoogleIdentity } from '@/features/auth/hooks/use-google-identity';
import { buildUser, currentLocation, mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';

/** A stand-in for Google Identity Services: prompt() answers with what the test decides. */
function installFakeGoogle(onPrompt: (callback: (r: { credential?: string }) => void, listener?: (n: object) => void) => void) {
  let callback: (r: { credential?: string }) => void = () => undefined;
  const google: GoogleIdentity = {
    accounts: {
      id: {
        initialize: vi.fn((options) => {
          callback = options.callback;
        }),
        prompt: vi.fn((listener) => onPrompt(callback, listener)),
        renderButton: vi.fn(),
        cancel: vi.fn(),
      },
    },
  };
  window.google = google;
  return google;
}

describe('Google sign-in button (docs/product/accounts-and-plans.md#google-sign-in)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete window.google;
    resetTestState();
  });

  it('is preparing for about 0.5 s, then ready', async () => {
    mockApi();
    installFakeGoogle(() => undefined);
    renderWithProviders(<GoogleSignInButton clientId="cid" label="Sign in with Google" />);
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.textContent).toContain('Preparing');
    expect(button.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(button.textContent).toBe('Sign in with Google');
    expect(button.disabled).toBe(false);
    expect(window.google?.accounts.id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'cid' }));
  });

  it('sends the credential to /auth/google, signs in and goes to /', async () => {
    const api = mockApi({ 'POST /api/auth/google': () => ({ token: 'g-token', user: buildUser() }) });
    installFakeGoogle((callback) => callback({ credential: 'id-token' }));
    const { router } = renderWithProviders(<GoogleSignInButton clientId="cid" label="Sign in with Google" />, { route: '/login' });
    await act(() => vi.advanceTimersByTimeAsync(500));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await expect.poll(() => window.localStorage.getItem('auth-token')).toBe('g-token');
    expect(api.callsTo('POST /api/auth/google')[0]?.body).toEqual({ token: 'id-token' });
    expect(currentLocation(router)).toBe('/');
  });

  it('shows the server refusal', async () => {
    mockApi({
      'POST /api/auth/google': () =>
        reply(503, { error: 'Google sign-in is not configured on this server', message: 'x', code: 'SERVICE_UNAVAILABLE' }),
    });
    installFakeGoogle((callback) => callback({ credential: 'id-token' }));
    renderWithProviders(<GoogleSignInButton clientId="cid" label="Sign in with Google" />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Google sign-in is not configured on this server');
  });

  it('a prompt that never answers times out after 30 s as cancelled', async () => {
    mockApi();
    installFakeGoogle(() => undefined);
    renderWithProviders(<GoogleSignInButton clientId="cid" label="Sign in with Google" />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByRole('button').textContent).toContain('Signing in');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('alert').textContent).toBe('Sign-in was cancelled or timed out. Please try again.');
  });

  it('a blocked pop-up says so', async () => {
    mockApi();
    installFakeGoogle((_cb, listener) => listener?.({ isNotDisplayed: () => true, getNotDisplayedReason: () => 'popup_failed_to_open' }));
    renderWithProviders(<GoogleSignInButton clientId="cid" label="Sign up with Google" />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(screen.getByRole('alert').textContent).toBe('Pop-up was blocked. Please enable pop-ups and try again.');
  });

  it('a library that never loads gives its message after 15 s', async () => {
    mockApi();
    renderWithProviders(<GoogleSignInButton clientId="cid" label="Sign in with Google" />);
    await act(() => vi.advanceTimersByTimeAsync(15_100));
    expect(screen.getByRole('alert').textContent).toBe('Google Identity Services not loaded. Please refresh the page.');
    document.querySelectorAll('script[src*="accounts.google.com"]').forEach((s) => s.remove());
  });
});
