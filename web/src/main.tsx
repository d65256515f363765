import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { App } from './app/app';
import { appRoutes, buildAppRoutes, loadHomeRoute } from './app/router';
import { paths } from './config/paths';
import { registerServiceWorker } from './lib/offline/service-worker';
import './index.css';

/**
 * The routes the app starts with. A page opened on / (a shared search link, most visits) imports the home route's
 * chunk, which the page already preloads (decision 299), before React starts, so the router draws the search page in
 * its first render; left lazy, the router first drew a spinner and the page one more round of work later (issue 30,
 * links). Should that import fail, the router loads the page itself and shows its error as before.
 */
function startingRoutes(): Promise<RouteObject[]> {
  if (window.location.pathname !== paths.home) return Promise.resolve(appRoutes);
  return loadHomeRoute().then(
    ({ Component }) => buildAppRoutes(Component),
    () => appRoutes,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void startingRoutes().then((routes) =>
  createRoot(root).render(
    <StrictMode>
      <App routes={routes} />
    </StrictMode>,
  ),
);
registerServiceWorker();
