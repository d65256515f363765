import { useLocation } from 'react-router';

/**
 * Where sign-in goes back to (docs/product/accounts-and-plans.md#log-in; decision 098): the page a visitor was on, as
 * `?next=` on /login and /register (it survives a switch between the two and a reload), or a guard's `state.from`.
 * Only a path of this app is followed: anything else (another site, `//host`) goes home.
 */
export const NEXT_PARAM = 'next';

const AUTH_PAGES = ['/login', '/register'];

export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const path = raw.split(/[?#]/)[0] ?? '';
  if (AUTH_PAGES.includes(path)) return null;
  return raw;
}

/** `/login?next=%2F%3Forigin%3DDEN…`; the bare path when there is nowhere worth returning to (home). */
export function withNext(authPath: string, next: string | null | undefined): string {
  const safe = safeNext(next);
  return safe && safe !== '/' ? `${authPath}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : authPath;
}

/** The page to land on after signing in on this page: `?next=`, else a guard's `state.from`, else home. */
export function useNextPath(): string {
  const location = useLocation();
  const fromQuery = safeNext(new URLSearchParams(location.search).get(NEXT_PARAM));
  const state = location.state as { from?: unknown } | null;
  const fromState = typeof state?.from === 'string' ? safeNext(state.from) : null;
  return fromQuery ?? fromState ?? '/';
}

/** The current page, to hand to /login or /register as `next`. */
export function useHerePath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}
