import { PageHeader } from '@/app/routes/page-header';
import { ProfileSettings } from '@/features/auth/components/profile-settings';
import { useAuth } from '@/lib/auth/auth-context';

/** /profile (docs/product/accounts-and-plans.md#profile); behind the authenticated-only guard. */
export function ProfileRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader title="Profile settings" documentTitle="Profile" subtitle="Your details and your subscription." />
      <ProfileSettings user={user} />
    </div>
  );
}
