import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { demoProviders, useAppConfig } from '@/lib/app-config';

/** Site footer with the demo-data notice (docs/product/providers.md#offline-defaults-and-the-demo-label). */
export function Footer() {
  const config = useAppConfig();
  const demo = config.data ? demoProviders(config.data) : [];
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-500 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md space-y-2">
          <p className="font-semibold text-slate-700">GoWild Finder</p>
          <p>An independent fare finder. Not affiliated with Frontier Airlines. Book every flight on the airline&apos;s own site.</p>
          {demo.length > 0 && (
            <p
              data-testid="demo-data-notice"
              className="inline-flex flex-wrap items-center gap-1.5 rounded-md bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
            >
              <span className="font-bold uppercase tracking-wide">Demo data</span>
              <span>Demo mode for: {demo.join(', ')}.</span>
            </p>
          )}
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={paths.about} className="hover:text-slate-800">
            About
          </Link>
          <Link to={paths.plans} className="hover:text-slate-800">
            Plans
          </Link>
          <Link to={paths.support} className="hover:text-slate-800">
            Support
          </Link>
          <Link to={paths.status} className="hover:text-slate-800">
            Data status
          </Link>
          {config.data && <span>Version {config.data.appVersion}</span>}
        </nav>
      </div>
    </footer>
  );
}
