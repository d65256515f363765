/** Where the session token is kept (local storage), read by the API client and by the boot script's early search. */
export const AUTH_TOKEN_KEY = 'auth-token';

/** Local storage can be unavailable (privacy modes); the app then behaves as signed out. */
export const tokenStorage = {
  get(): string | null {
    try {
      return window.localStorage.getItem(AUTH_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    } catch {
      /* ignored: the session then lasts as long as the page */
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(AUTH_TOKEN_KEY);
    } catch {
      /* ignored */
    }
  },
};
