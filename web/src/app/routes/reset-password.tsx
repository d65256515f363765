import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordFlow } from '@/features/auth/components/reset-password-flow';

/** /reset-password?token=… (docs/product/accounts-and-plans.md#forgot-and-reset-password). Open to everyone. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Choose a new password">
      <title>Reset password · GoWild Finder</title>
      <ResetPasswordFlow token={params.get('token')} />
    </AuthCard>
  );
}
