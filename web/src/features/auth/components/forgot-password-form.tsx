import { forgotPasswordBodySchema } from '@gowild/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { errorMessage } from '@/lib/api-client';
import { type FieldErrors, focusFirstError, validateFields } from '@/lib/form-errors';

/** docs/product/accounts-and-plans.md#forgot-and-reset-password: form, then sent. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const request = useForgotPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields<'email'>(forgotPasswordBodySchema, { email });
    setErrors(found);
    if (found.email) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const address = email.trim();
    request.mutate(address, { onSuccess: () => setSentTo(address) });
  };

  if (sentTo) {
    return (
      <div className="text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <MailIcon />
        </div>
        <h2 className="text-xl font-bold text-slate-900">Check your email</h2>
        <p className="mt-2 text-sm text-slate-600">
          If an account exists for <strong className="text-slate-900">{sentTo}</strong>, we have sent a link to reset your password. The
          link is valid for 1 hour.
        </p>
        <p className="mt-2 text-sm text-slate-500">No e-mail after a few minutes? Check your spam folder or try again.</p>
        {/* 'Back to sign in' is the page's own footer link, under the card. */}
        <div className="mt-6 flex flex-col gap-3">
          <button
            type="button"
            className="text-sm text-slate-600 hover:underline"
            onClick={() => {
              request.reset();
              setSentTo(null);
            }}
          >
            Use a different address
          </button>
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {request.isError && <Notice tone="error">{errorMessage(request.error, 'Failed to process password reset request')}</Notice>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (errors.email) setErrors({});
        }}
        error={errors.email}
      />
      <Button type="submit" size="lg" className="w-full" isLoading={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
