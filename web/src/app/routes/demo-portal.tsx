import { DemoPortal } from '@/features/billing/components/demo-portal';

/** /billing/demo-portal: the offline billing portal (docs/product/billing.md#demo-checkout); signed-in only. */
export function DemoPortalRoute() {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Manage subscription · GoWild Finder</title>
      <DemoPortal />
    </div>
  );
}
