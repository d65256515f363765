import { PageHeader } from '@/app/routes/page-header';

/** /routes: premium-only; the Route map issue builds the map. */
export function RouteMapRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Route Map" />
    </div>
  );
}
