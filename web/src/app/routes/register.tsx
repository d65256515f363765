import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard, OrDivider } from '@/features/auth/components/auth-card';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAppConfig } from '@/lib/app-config';
import { useNextPath, withNext } from '@/lib/return-to';

/** /register (docs/product/accounts-and-plans.md#register); the welcome modal is shown by the root layout after sign-up. */
export function RegisterRoute() {
  const config = useAppConfig();
  const next = useNextPath();
  const clientId = config.data?.googleClientId ?? null;
  const perDay = config.data?.freeSearchesPerDay;
  return (
    <AuthCard
      title="Create your account"
      subtitle={perDay !== undefined ? `Free forever: ${perDay} searches per day, no card needed.` : 'Free forever, no card needed.'}
      footer={
        <>
          Already have an account?{' '}
          <Link to={withNext(paths.login, next)} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <title>Sign up · GoWild Finder</title>
      {clientId && (
        <>
          <GoogleSignInButton clientId={clientId} label="Sign up with Google" />
          <OrDivider />
        </>
      )}
      <RegisterForm />
    </AuthCard>
  );
}
