import { AUTH_MESSAGES, newPasswordSchema } from '@gowild/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { useVerifyResetToken } from '@/features/auth/api/verify-reset-token';
import { errorMessage } from '@/lib/api-client';
import { type FieldErrors, focusFirstError } from '@/lib/form-errors';

type Field = 'password' | 'confirm';

export function validateNewPassword(password: string, confirm: string): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message;
  if (!confirm) errors.confirm = AUTH_MESSAGES.confirmRequired;
  else if (confirm !== password) errors.confirm = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

function InvalidLink({ message, hint }: { message: string; hint?: string }) {
  return (
    <div className="text-center">
      <h2 className="text-xl font-bold text-slate-900">Invalid reset link</h2>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      {hint && <p className="mt-1 text-sm text-slate-500">{hint}</p>}
      <div className="mt-6 flex flex-col gap-3">
        <ButtonLink to={paths.forgotPassword}>Request a new reset link</ButtonLink>
        <Link to={paths.login} className="text-sm font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </div>
    </div>
  );
}

/** docs/product/accounts-and-plans.md#forgot-and-reset-password: verifying, then the form, then done; or an invalid link. */
export function ResetPasswordFlow({ token }: { token: string | null }) {
  const verification = useVerifyResetToken(token);
  const reset = useResetPassword();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);

  if (!token) return <InvalidLink message={AUTH_MESSAGES.noResetToken} />;
  if (verification.isPending) return <PageSpinner label="Verifying your reset link" />;
  if (verification.isError || !verification.data.valid) {
    return (
      <InvalidLink
        message={verification.isError ? errorMessage(verification.error, AUTH_MESSAGES.invalidResetToken) : AUTH_MESSAGES.invalidResetToken}
        hint="Reset links expire after 1 hour and work only once."
      />
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <CheckIcon className="size-6" />
        </div>
        <h2 className="text-xl font-bold text-slate-900">Password reset!</h2>
        <p className="mt-2 text-sm text-slate-600">Your password has been changed. Sign in with your new password.</p>
        <ButtonLink to={paths.login} size="lg" className="mt-6 w-full">
          Sign in now
        </ButtonLink>
      </div>
    );
  }

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPassword(values.password, values.confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    reset.mutate({ token, password: values.password });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {verification.data.user_name && (
        <p className="text-sm text-slate-600">Hi {verification.data.user_name}, choose a new password for your account.</p>
      )}
      {reset.isError && <Notice tone="error">{errorMessage(reset.error, 'Failed to reset password')}</Notice>}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => change('confirm', e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" className="w-full" isLoading={reset.isPending}>
        Reset password
      </Button>
    </form>
  );
}
