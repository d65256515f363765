import { PageHeader } from '@/app/routes/page-header';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useAuth } from '@/lib/auth/auth-context';

/** /admin: admin-only (the router's guard); the operator's dashboard (docs/product/admin.md#dashboard-screen). */
export function AdminRoute() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Admin Dashboard" subtitle="Users, alerts and searches, and the service's own figures." />
      <AdminDashboard selfId={user?.id} />
    </div>
  );
}
