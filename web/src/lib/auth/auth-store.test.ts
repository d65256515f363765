import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, AUTH_TOKEN_KEY } from '@/lib/api-client';
import { type AuthApi, createAuthStore } from '@/lib/auth/auth-store';
import { buildUser, resetTestState } from '@/test/test-utils';

const user = buildUser();

function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi {
  return {
    verifyToken: vi.fn(async () => ({ valid: true, user })),
    login: vi.fn(async () => ({ token: 'login-token', user })),
    register: vi.fn(async () => ({ token: 'register-token', user })),
    googleSignIn: vi.fn(async () => ({ token: 'google-token', user })),
    logout: vi.fn(async () => ({})),
    updateProfile: vi.fn(async (input) => ({ user: { ...user, ...input } })),
    ...overrides,
  };
}

describe('auth store (docs/product/accounts-and-plans.md#sessions)', () => {
  afterEach(resetTestState);

  it('starts loading, and with no stored token ends logged out without a call', async () => {
    const api = fakeApi();
    const store = createAuthStore(api);
    expect(store.getState()).toMatchObject({ isLoading: true, isAuthenticated: false, isInitialized: false });
    await store.initialize();
    expect(store.getState()).toMatchObject({ isLoading: false, isAuthenticated: false, isInitialized: true });
    expect(api.verifyToken).not.toHaveBeenCalled();
  });

  it('a valid stored token logs the user in', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const api = fakeApi();
    const store = createAuthStore(api);
    await store.initialize();
    expect(api.verifyToken).toHaveBeenCalledWith('stored');
    expect(store.getState()).toMatchObject({ user, isAuthenticated: true, isLoading: false });
  });

  it.each([
    ['an invalid answer', async () => ({ valid: false, error: 'Invalid token' })],
    ['a failed check', async () => Promise.reject(new Error('network'))],
  ])('%s logs out and clears the token', async (_label, verifyToken) => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    const store = createAuthStore(fakeApi({ verifyToken }));
    await store.initialize();
    expect(store.getState()).toMatchObject({ user: null, isAuthenticated: false, isLoading: false, isInitialized: true });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('no answer from the server (offline) keeps the session as the last confirmed user; logout forgets that user', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    await createAuthStore(fakeApi()).initialize();
    const offline = createAuthStore(fakeApi({ verifyToken: async () => Promise.reject(new ApiError('Unable to verify.', 0)) }));
    await offline.initialize();
    expect(offline.getState()).toMatchObject({ user, isAuthenticated: true, isInitialized: true });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('stored');
    await offline.logout();
    const later = createAuthStore(fakeApi({ verifyToken: async () => Promise.reject(new ApiError('Unable to verify.', 0)) }));
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    await later.initialize();
    expect(later.getState()).toMatchObject({ user: null, isAuthenticated: false, isInitialized: true });
  });

  it('checks the token only once however often it is asked', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const api = fakeApi();
    const store = createAuthStore(api);
    await Promise.all([store.initialize(), store.initialize()]);
    expect(api.verifyToken).toHaveBeenCalledTimes(1);
  });

  it('login stores the token and keeps the welcome modal off', async () => {
    const store = createAuthStore(fakeApi());
    await store.login({ email: 'a@b.co', password: 'secret1' });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('login-token');
    expect(store.getState()).toMatchObject({ isAuthenticated: true, showWelcomeModal: false, error: null });
  });

  it('Google sign-in keeps the welcome modal off', async () => {
    const store = createAuthStore(fakeApi());
    await store.googleSignIn('credential');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('google-token');
    expect(store.getState()).toMatchObject({ isAuthenticated: true, showWelcomeModal: false });
  });

  it('registration shows the welcome modal, which can be hidden', async () => {
    const store = createAuthStore(fakeApi());
    await store.register({ email: 'a@b.co', password: 'secret1', first_name: 'A', last_name: 'B' });
    expect(store.getState()).toMatchObject({ isAuthenticated: true, showWelcomeModal: true });
    store.hideWelcomeModal();
    expect(store.getState().showWelcomeModal).toBe(false);
  });

  it('a failed login sets the server text as error and ends loading', async () => {
    const store = createAuthStore(fakeApi({ login: async () => Promise.reject(new ApiError('Invalid email or password', 401)) }));
    await expect(store.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow('Invalid email or password');
    expect(store.getState()).toMatchObject({ error: 'Invalid email or password', isLoading: false, isAuthenticated: false });
  });

  it('a failure without server text uses the store message', async () => {
    const store = createAuthStore(fakeApi({ register: async () => Promise.reject(new Error('boom')) }));
    await expect(store.register({ email: 'a@b.co', password: 'secret1', first_name: 'A', last_name: 'B' })).rejects.toThrow(
      'Registration failed. Please try again.',
    );
    expect(store.getState().error).toBe('Registration failed. Please try again.');
  });

  it('logout clears user and token even when the call fails', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const store = createAuthStore(fakeApi({ logout: async () => Promise.reject(new Error('offline')) }));
    await store.initialize();
    await store.logout();
    expect(store.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('a profile update replaces the user', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const store = createAuthStore(fakeApi());
    await store.initialize();
    await store.updateProfile({ first_name: 'Grace' });
    expect(store.getState().user).toMatchObject({ first_name: 'Grace', last_name: 'Lovelace' });
  });

  it('a failed profile update keeps the user and reports the store message', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const store = createAuthStore(fakeApi({ updateProfile: async () => Promise.reject(new TypeError('x')) }));
    await store.initialize();
    await expect(store.updateProfile({ first_name: 'Grace' })).rejects.toThrow('Profile update failed. Please try again.');
    expect(store.getState().user?.first_name).toBe('Ada');
  });

  it('notifies subscribers on change', async () => {
    const store = createAuthStore(fakeApi());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.login({ email: 'a@b.co', password: 'secret1' });
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    store.clearSession();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('a session ending clears what this device kept for it (decisions 245 and 246)', () => {
  afterEach(resetTestState);

  const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const tokenExpiringIn = (ms: number) =>
    `${b64url({ alg: 'HS256' })}.${b64url({ sub: 'u', exp: Math.floor((Date.now() + ms) / 1000) })}.sig`;
  const fakeDevice = () => ({ forget: vi.fn(async () => {}), keepOnly: vi.fn(async () => {}) });
  const offline = async () => Promise.reject(new ApiError('Unable to verify.', 0));

  it.each([
    ['the Log out button', async (store: ReturnType<typeof createAuthStore>) => store.logout()],
    [
      'a 401 from any call (expired, ended elsewhere, password reset, deactivated)',
      async (store: ReturnType<typeof createAuthStore>) => store.clearSession(),
    ],
  ])('%s forgets the saved screens and the push subscription', async (_label, end) => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const device = fakeDevice();
    const store = createAuthStore(fakeApi(), device);
    await store.initialize();
    expect(device.forget).not.toHaveBeenCalled();
    await end(store);
    expect(device.forget).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'the check at start says the session ended',
      fakeApi({ verifyToken: async () => ({ valid: false, error: 'This account has been deactivated' }) }),
    ],
    [
      'a re-read of the user says it ended',
      fakeApi({ verifyToken: vi.fn().mockResolvedValueOnce({ valid: true, user }).mockResolvedValue({ valid: false }) }),
    ],
  ])('%s: the device is cleared', async (_label, api) => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const device = fakeDevice();
    const store = createAuthStore(api, device);
    await store.initialize();
    await store.refreshUser();
    expect(device.forget).toHaveBeenCalled();
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it("offline, a token past its expiry by this device's clock ends the session and clears the device", async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, tokenExpiringIn(-60_000));
    await createAuthStore(fakeApi(), fakeDevice()).initialize();
    window.localStorage.setItem(AUTH_TOKEN_KEY, tokenExpiringIn(-60_000));
    const device = fakeDevice();
    const store = createAuthStore(fakeApi({ verifyToken: offline }), device);
    await store.initialize();
    expect(store.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(device.forget).toHaveBeenCalledTimes(1);
  });

  it('offline, a token not yet expired keeps the session and what it kept', async () => {
    const token = tokenExpiringIn(3_600_000);
    window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    await createAuthStore(fakeApi(), fakeDevice()).initialize();
    const device = fakeDevice();
    const store = createAuthStore(fakeApi({ verifyToken: offline }), device);
    await store.initialize();
    expect(store.getState()).toMatchObject({ user, isAuthenticated: true });
    expect(device.forget).not.toHaveBeenCalled();
  });

  it('a live session keeps only its own screens; with no session none are kept', async () => {
    const device = fakeDevice();
    await createAuthStore(fakeApi(), device).initialize();
    expect(device.keepOnly).toHaveBeenLastCalledWith(null);
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    await createAuthStore(fakeApi(), device).initialize();
    expect(device.keepOnly).toHaveBeenLastCalledWith('stored');
    await createAuthStore(fakeApi(), device).login({ email: 'a@b.co', password: 'secret1' });
    expect(device.keepOnly).toHaveBeenLastCalledWith('login-token');
    expect(device.forget).not.toHaveBeenCalled();
  });
});
