import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { digestRoutes } from '@gowild/contract/routes/digest';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { callApi } from '@/lib/call-api';
import { DeliveryHistory, type HistoryDelivery } from '@/components/delivery-history';

/**
 * A user's delivery history on /admin (docs/product/admin.md; docs/product/alerts.md#delivery-history): the same
 * lines the user sees on /notifications, every alert's messages and every digest (docs/product/digest.md), newest first.
 */
export function UserDeliveries({ user, onClose }: { user: { id: string; email: string }; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['admin', 'user-deliveries', user.id],
    queryFn: async ({ signal }) => {
      const options = { params: { id: user.id }, action: 'load the delivery history', prefer: 'error', signal } as const;
      const [alerts, digests] = await Promise.all([
        callApi(alertsRoutes.userDeliveries, options),
        callApi(digestRoutes.userDeliveries, options),
      ]);
      const all: HistoryDelivery[] = [...alerts.deliveries, ...digests.deliveries];
      // ISO instants of one form sort as text.
      return all.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    },
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
