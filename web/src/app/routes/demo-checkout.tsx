import { useSearchParams } from 'react-router';
import { DemoCheckout } from '@/features/billing/components/demo-checkout';

/** /billing/demo-checkout?session=…: the offline checkout (docs/product/billing.md#demo-checkout); signed-in only. */
export function DemoCheckoutRoute() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Demo checkout · GoWild Finder</title>
      <DemoCheckout sessionId={params.get('session')} />
    </div>
  );
}
