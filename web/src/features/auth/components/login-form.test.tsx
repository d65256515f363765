import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { buildUser, currentLocation, mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';

function field(name: string) {
  return screen.getByLabelText(name);
}
function errorOf(input: HTMLElement) {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id.split(' ')[0]!)?.textContent : undefined;
}

describe('login form (docs/product/accounts-and-plans.md#validation-rules)', () => {
  afterEach(resetTestState);

  it('shows each message at its field and sends nothing', async () => {
    const api = mockApi();
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(errorOf(field('Email'))).toBe('Email is required');
    expect(errorOf(field('Password'))).toBe('Password is required');
    await userEvent.type(field('Email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(errorOf(field('Email'))).toBe('Please enter a valid email address');
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('signs in, stores the token and goes to /', async () => {
    const api = mockApi({ 'POST /api/auth/login': () => ({ token: 'tok', user: buildUser() }) });
    const { router } = renderWithProviders(<LoginForm />, {
      route: '/login',
      path: '/login',
      routes: [{ path: '/', element: <h1>Home</h1> }],
    });
    await userEvent.type(field('Email'), ' ada@example.com ');
    await userEvent.type(field('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(currentLocation(router)).toBe('/');
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(window.localStorage.getItem('auth-token')).toBe('tok');
  });

  it("shows the server's error text", async () => {
    mockApi({
      'POST /api/auth/login': () =>
        reply(401, { error: 'Invalid email or password', message: 'Invalid email or password', code: 'UNAUTHORIZED' }),
    });
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('links to forgot password', async () => {
    mockApi();
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password'));
  });
});
