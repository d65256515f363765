import { PageHeader } from '@/app/routes/page-header';
import { GoogleDebug } from '@/features/auth/components/google-debug';

/** /debug/google: checks that Google Identity Services loads here (docs/product/accounts-and-plans.md#google-sign-in). */
export function DebugGoogleRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader
        title="Google Sign-In Debug"
        subtitle="Checks that Google Identity Services loads on this site and that sign-in is configured."
      />
      <GoogleDebug />
    </div>
  );
}
