import { CrownIcon } from '@/components/ui/icons';

/** The crown mark of premium-only controls (docs/product/search.md#search-form), named for screen readers. */
export function PremiumCrown({ label = 'Premium' }: { label?: string }) {
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex text-amber-500">
      <CrownIcon className="size-4" />
    </span>
  );
}
