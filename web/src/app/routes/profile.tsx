import { useSearchParams } from 'react-router';
import { PageHeader } from '@/app/routes/page-header';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';
import { ProfileSettings } from '@/features/auth/components/profile-settings';
import { CheckoutReturnNotice } from '@/features/billing/components/checkout-return-notice';
import { DigestPanel } from '@/features/digest/components/digest-panel';
import { FavouritesPanel } from '@/features/favourites/components/favourites-panel';
import { useOnline } from '@/features/offline/hooks/use-online';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * /profile (docs/product/accounts-and-plans.md#profile); behind the authenticated-only guard. Also where checkout
 * returns (`?checkout=success|canceled`, docs/product/billing.md#checkout).
 */
export function ProfileRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const upgrade = useUpgrade();
  const online = useOnline();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader title="Profile settings" documentTitle="Profile" subtitle="Your details and your subscription." />
      <div className="mb-6 empty:hidden">
        <CheckoutReturnNotice outcome={params.get('checkout')} />
      </div>
      <ProfileSettings
        user={user}
        subscription={<SubscriptionPanel user={user} onUpgrade={() => void upgrade.start('monthly')} upgrading={upgrade.pending} />}
      />
      <FavouritesPanel online={online} />
      <DigestPanel />
      <ApiKeysPanel />
    </div>
  );
}
