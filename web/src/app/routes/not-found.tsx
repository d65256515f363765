import { useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Any path the app does not know. */
export function NotFoundRoute() {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <title>Page not found · GoWild Finder</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">
        There is no page at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{location.pathname}</code>. It may have moved, or
        the link may be mistyped.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <ButtonLink to={paths.home}>Search flights</ButtonLink>
        <ButtonLink to={paths.support} variant="secondary">
          Get help
        </ButtonLink>
      </div>
    </div>
  );
}
