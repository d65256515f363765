import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import { type AuthState, type AuthStore, isPremiumUser } from '@/lib/auth/auth-store';

const AuthContext = createContext<AuthStore | null>(null);

/** Provides the auth store and runs the token check on load (docs/product/accounts-and-plans.md#sessions). */
export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  useEffect(() => {
    void store.initialize();
  }, [store]);
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used inside <AuthProvider>');
  return store;
}

/** The auth state, re-rendering on change. */
export function useAuth(): AuthState & { isPremium: boolean; isAdmin: boolean } {
  const store = useAuthStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, isPremium: isPremiumUser(state.user), isAdmin: state.user?.is_admin === true };
}
