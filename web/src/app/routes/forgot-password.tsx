import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /forgot-password (docs/product/accounts-and-plans.md#forgot-and-reset-password). */
export function ForgotPasswordRoute() {
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <title>Forgot password · GoWild Finder</title>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
