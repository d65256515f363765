import { PageHeader } from '@/app/routes/page-header';

/** /admin: admin-only; the Admin issue builds the dashboard. */
export function AdminRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Admin Dashboard" />
    </div>
  );
}
