import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown when a page fails to load or throws; a failed chunk load (after a deploy) is fixed by a reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main className="mx-auto max-w-lg px-4 py-20 text-center">
      <title>Something went wrong · GoWild Finder</title>
      <h1 className="text-2xl font-bold text-slate-900">{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-3 text-slate-600">
        The page could not be shown. Reloading usually fixes this; if it keeps happening, contact support.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to={paths.home} className={buttonClasses('secondary')} reloadDocument>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
