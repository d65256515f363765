import { loginBodySchema } from '@gowild/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { errorMessage } from '@/lib/api-client';
import { AUTH_STORE_MESSAGES } from '@/lib/auth/auth-store';
import { useNextPath } from '@/lib/return-to';
import { type FieldErrors, focusFirstError, validateFields } from '@/lib/form-errors';

type Field = 'email' | 'password';

/** Email and password sign-in (docs/product/accounts-and-plans.md#log-in); on success it goes back to `next` (or /). */
export function LoginForm() {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const login = useLogin();
  const navigate = useNavigate();
  const next = useNextPath();

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateFields<Field>(loginBodySchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    login.mutate({ email: values.email.trim(), password: values.password }, { onSuccess: () => void navigate(next, { replace: true }) });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {login.isError && <Notice tone="error">{errorMessage(login.error, AUTH_STORE_MESSAGES.login)}</Notice>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => change('email', e.target.value)}
        error={errors.email}
      />
      <div>
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          error={errors.password}
        />
        <div className="mt-2 text-right">
          <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" isLoading={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
