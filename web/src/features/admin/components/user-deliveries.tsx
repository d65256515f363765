import { alertDeliveriesResponseSchema } from '@gowild/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { apiRequest } from '@/lib/api-client';
import { DeliveryHistory } from '@/components/delivery-history';

/**
 * A user's alert delivery history on /admin (docs/product/admin.md; docs/product/alerts.md#delivery-history): the same
 * list the user sees on /notifications, every alert of theirs, newest first.
 */
export function UserDeliveries({ user, onClose }: { user: { id: string; email: string }; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['admin', 'user-deliveries', user.id],
    queryFn: async ({ signal }) =>
      alertDeliveriesResponseSchema.parse(
        await apiRequest<unknown>(`/admin/users/${encodeURIComponent(user.id)}/deliveries`, {
          action: 'load the delivery history',
          prefer: 'error',
          signal,
        }),
      ).deliveries,
  });
  return (
    <section
      className="mt-4 rounded-xl border border-slate-200 bg-white p-4"
      aria-label={`Alert deliveries of ${user.email}`}
      data-testid="admin-user-deliveries"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-all text-slate-900">Alert deliveries · {user.email}</h3>
        <Button size="xs" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {query.error ? <Notice tone="error">{query.error.message}</Notice> : null}
      <DeliveryHistory deliveries={query.data} open title="Deliveries" />
    </section>
  );
}
