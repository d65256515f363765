import type { User } from '@gowild/contract/auth';
import { ApiError, tokenStorage } from '@/lib/api-client';
import { type SessionDevice, browserSessionDevice } from '@/lib/offline/service-worker';
import { tokenExpiry } from '@/sw/saved-screens';

/** Auth state of docs/product/accounts-and-plans.md#sessions, plus whether the first token check has finished (guards wait for it). */
export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** True at start and while an auth action runs (docs/product/accounts-and-plans.md#sessions). */
  isLoading: boolean;
  /** False until the stored token has been checked once; route guards wait on this, not on isLoading. */
  isInitialized: boolean;
  error: string | null;
  showWelcomeModal: boolean;
}

export interface LoginInput {
  email: string;
  password: string;
}
export interface RegisterInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone_number?: string;
}
export interface ProfileInput {
  first_name?: string;
  last_name?: string;
  phone_number?: string | null;
}
interface Session {
  token: string;
  user: User;
}

/** The calls the store makes; the app passes the endpoint functions of features/auth/api. */
export interface AuthApi {
  verifyToken(token: string): Promise<{ valid: boolean; user?: User; error?: string }>;
  login(input: LoginInput): Promise<Session>;
  register(input: RegisterInput): Promise<Session>;
  googleSignIn(credential: string): Promise<Session>;
  logout(): Promise<unknown>;
  updateProfile(input: ProfileInput): Promise<{ user: User }>;
}

/** Store texts of docs/product/accounts-and-plans.md#error-texts, used when a failure carries no server text. */
export const AUTH_STORE_MESSAGES = {
  login: 'Login failed. Please try again.',
  register: 'Registration failed. Please try again.',
  google: 'Google authentication failed. Please try again.',
  profile: 'Profile update failed. Please try again.',
} as const;

export type AuthStore = ReturnType<typeof createAuthStore>;

/**
 * The last user the server confirmed, kept beside the token so the app opened with no network still knows who is
 * signed in (docs/product/offline.md; decision 204). Only for what the page shows: the server decides every right.
 */
const LAST_USER_KEY = 'auth-last-user';
const lastUser = {
  save(user: User): void {
    try {
      window.localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    } catch {
      /* ignored: offline, the app then opens signed out */
    }
  },
  read(): User | null {
    try {
      const user = JSON.parse(window.localStorage.getItem(LAST_USER_KEY) ?? 'null') as User | null;
      return user && typeof user.email === 'string' ? user : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(LAST_USER_KEY);
    } catch {
      /* ignored */
    }
  },
};

/** No answer from the server (no network, or it is down): not a verdict on the session. */
const noAnswer = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status >= 500);

export function isPremiumUser(user: User | null | undefined): boolean {
  return user?.is_premium === true;
}

/**
 * The store. `device` is what this browser keeps for a session (saved screens, push): every way a session ends goes
 * through `signedOut`, which forgets it, so the next person on a shared device finds nothing of this one (decision 245).
 */
export function createAuthStore(api: AuthApi, device: SessionDevice = browserSessionDevice) {
  let state: AuthState = {
    user: null,
    isAuthenticated: false,
    isLoading: true,
    isInitialized: false,
    error: null,
    showWelcomeModal: false,
  };
  const listeners = new Set<() => void>();
  let initializing: Promise<void> | null = null;

  function set(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function fail(error: unknown, fallback: string): never {
    const message = error instanceof ApiError && error.message ? error.message : fallback;
    set({ isLoading: false, error: message });
    throw error instanceof ApiError ? error : new ApiError(message, 0);
  }

  function signedIn(session: Session, showWelcomeModal: boolean) {
    tokenStorage.set(session.token);
    void device.keepOnly(session.token);
    lastUser.save(session.user);
    set({ user: session.user, isAuthenticated: true, isLoading: false, isInitialized: true, error: null, showWelcomeModal });
    return session.user;
  }

  /** Log in, register or Google: loading while asked, then signed in, or the error kept and thrown on. */
  async function startSession(ask: () => Promise<Session>, fallback: string, showWelcomeModal: boolean): Promise<User> {
    set({ isLoading: true, error: null });
    try {
      return signedIn(await ask(), showWelcomeModal);
    } catch (e) {
      return fail(e, fallback);
    }
  }

  /**
   * The session ended, whichever way: the Log out button, or the server's answer that it has (expired, ended from
   * another device, a password reset, a deactivated account), or, offline, its token's expiry. The screens this
   * device kept for it and its push subscription go with it (decisions 245 and 246).
   */
  function signedOut() {
    tokenStorage.clear();
    lastUser.clear();
    set({ user: null, isAuthenticated: false, isLoading: false, isInitialized: true, showWelcomeModal: false });
    void device.forget();
  }

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Verifies the stored token once: valid → signed in, anything else → signed out with the token cleared. */
    initialize(): Promise<void> {
      initializing ??= (async () => {
        const token = tokenStorage.get();
        if (!token) {
          // No session: nothing a session kept stays (one that ended while this page was closed, say).
          void device.keepOnly(null);
          set({ isLoading: false, isInitialized: true });
          return;
        }
        try {
          const answer = await api.verifyToken(token);
          if (answer.valid && answer.user) {
            void device.keepOnly(token);
            lastUser.save(answer.user);
            set({ user: answer.user, isAuthenticated: true, isLoading: false, isInitialized: true, error: null });
          } else {
            signedOut();
          }
        } catch (e) {
          if (!noAnswer(e)) return signedOut();
          // Offline (or the server is down): the session stands, as the last confirmed user, until its token's
          // expiry by this device's clock (online, the server alone decides); checked again online.
          const expiresAt = tokenExpiry(token);
          if (expiresAt !== null && expiresAt <= Date.now()) return signedOut();
          const user = lastUser.read();
          set({ user, isAuthenticated: user !== null, isLoading: false, isInitialized: true });
        }
      })();
      return initializing;
    },

    login: (input: LoginInput): Promise<User> => startSession(() => api.login(input), AUTH_STORE_MESSAGES.login, false),
    register: (input: RegisterInput): Promise<User> => startSession(() => api.register(input), AUTH_STORE_MESSAGES.register, true),
    googleSignIn: (credential: string): Promise<User> =>
      startSession(() => api.googleSignIn(credential), AUTH_STORE_MESSAGES.google, false),

    /** Ends the session here even when the server call fails (docs/product/accounts-and-plans.md#log-out). */
    async logout(): Promise<void> {
      try {
        await api.logout();
      } catch {
        /* ignored on purpose */
      }
      // The screens kept for offline use and the push subscription go with the session (signedOut).
      signedOut();
    },

    async updateProfile(input: ProfileInput): Promise<User> {
      set({ isLoading: true, error: null });
      try {
        const { user } = await api.updateProfile(input);
        lastUser.save(user);
        set({ user, isLoading: false });
        return user;
      } catch (e) {
        return fail(e, AUTH_STORE_MESSAGES.profile);
      }
    },

    /** Re-reads the user behind the stored token (after a checkout, for instance). */
    async refreshUser(): Promise<void> {
      const token = tokenStorage.get();
      if (!token) return signedOut();
      try {
        const answer = await api.verifyToken(token);
        if (answer.valid && answer.user) {
          lastUser.save(answer.user);
          set({ user: answer.user, isAuthenticated: true });
        } else signedOut();
      } catch {
        /* a network blip keeps the current user */
      }
    },

    /** The server ended the session (a 401): forget it without another call. */
    clearSession(): void {
      signedOut();
    },

    hideWelcomeModal(): void {
      set({ showWelcomeModal: false });
    },

    clearError(): void {
      if (state.error !== null) set({ error: null });
    },
  };
}
