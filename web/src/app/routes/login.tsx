import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard, OrDivider } from '@/features/auth/components/auth-card';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAppConfig } from '@/lib/app-config';
import { useNextPath, withNext } from '@/lib/return-to';

/** /login (docs/product/accounts-and-plans.md#log-in). */
export function LoginRoute() {
  const clientId = useAppConfig().data?.googleClientId ?? null;
  // Switching to sign-up keeps the page to come back to.
  const next = useNextPath();
  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to search GoWild fares."
      footer={
        <>
          New to GoWild Finder?{' '}
          <Link to={withNext(paths.register, next)} className="font-semibold text-brand-700 hover:underline">
            Create account
          </Link>
        </>
      }
    >
      <title>Sign in · GoWild Finder</title>
      {clientId && (
        <>
          <GoogleSignInButton clientId={clientId} label="Sign in with Google" />
          <OrDivider />
        </>
      )}
      <LoginForm />
    </AuthCard>
  );
}
