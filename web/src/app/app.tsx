import { useEffect, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider, createAppAuthStore, createAppQueryClient } from '@/app/provider';
import { appRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { clearSavedScreens } from '@/lib/offline/service-worker';

/** The app: providers around the router. A 401 from the server ends the session and goes to /login. */
export function App() {
  const [{ queryClient, authStore, router }] = useState(() => ({
    queryClient: createAppQueryClient(),
    authStore: createAppAuthStore(),
    router: createBrowserRouter(appRoutes),
  }));

  useEffect(() => {
    const previous = setUnauthorizedHandler(() => {
      authStore.clearSession();
      clearSavedScreens();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app-config' });
      if (router.state.location.pathname !== paths.login) void router.navigate(paths.login);
    });
    return () => {
      setUnauthorizedHandler(previous);
    };
  }, [authStore, queryClient, router]);

  return (
    <AppProvider queryClient={queryClient} authStore={authStore}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
