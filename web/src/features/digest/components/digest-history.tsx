import { useQuery } from '@tanstack/react-query';
import { DeliveryHistory } from '@/components/delivery-history';
import { Notice } from '@/components/ui/notice';
import { digestDeliveriesQueryOptions } from '../api/digest';

/**
 * The traveller's digests in the delivery history (docs/product/digest.md#delivery-history): each digest on each
 * channel target, when, and whether it arrived, in the alerts' form. Under the digest panel on /profile and
 * /notifications, so a free traveller's weekly e-mail has its history too.
 */
export function DigestHistory() {
  const query = useQuery(digestDeliveriesQueryOptions());
  return (
    <div data-testid="digest-history">
      {query.error ? <Notice tone="error">{query.error.message}</Notice> : null}
      <DeliveryHistory deliveries={query.data} />
    </div>
  );
}
