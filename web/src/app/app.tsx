import { useEffect, useState } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider, createAppAuthStore, createAppQueryClient } from '@/app/provider';
import { appRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { clearSavedScreens } from '@/lib/offline/service-worker';

/**
 * The app: providers around the router. A 401 from the server ends the session and goes to /login. `routes` are the
 * app's routes, perhaps with the opened page already loaded (main.tsx).
 */
export function App({ routes = appRoutes }: { routes?: RouteObject[] }) {
  const [{ queryClient, authStore, router }] = useState(() => ({
    queryClient: createAppQueryClient(),
    authStore: createAppAuthStore(),
    router: createBrowserRouter(routes),
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
