import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The route builder (up to three flights) and the search via one hub, one tab apart; both addresses keep working. */
export function RouteBuilderTabs({ current }: { current: 'routes' | 'hub' }) {
  const tab = (active: boolean) =>
    `rounded-lg px-3 py-1.5 text-sm font-medium ${active ? 'bg-brand-700 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300'}`;
  return (
    <nav className="mb-5 flex flex-wrap gap-2" aria-label="Connection searches">
      <Link to={paths.routeBuilder} className={tab(current === 'routes')} aria-current={current === 'routes' ? 'page' : undefined}>
        Route builder: up to 3 flights
      </Link>
      <Link to={paths.hubSearch} className={tab(current === 'hub')} aria-current={current === 'hub' ? 'page' : undefined}>
        Two flights via a hub
      </Link>
    </nav>
  );
}
