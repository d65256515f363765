import { AUTH_MESSAGES, registerBodySchema } from '@gowild/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useRegister } from '@/features/auth/api/register';
import { formatPhoneInput, phoneDigits } from '@/features/auth/components/phone-input';
import { errorMessage } from '@/lib/api-client';
import { AUTH_STORE_MESSAGES } from '@/lib/auth/auth-store';
import { type FieldErrors, focusFirstError, validateFields } from '@/lib/form-errors';
import { useNextPath } from '@/lib/return-to';

type Field = 'first_name' | 'last_name' | 'email' | 'phone_number' | 'password' | 'confirm';
const EMPTY: Record<Field, string> = { first_name: '', last_name: '', email: '', phone_number: '', password: '', confirm: '' };

/** The rules of docs/product/accounts-and-plans.md#validation-rules, each message at its field. */
export function validateRegistration(values: Record<Field, string>): FieldErrors<Field> {
  const errors = validateFields<Field>(registerBodySchema, {
    email: values.email,
    password: values.password,
    first_name: values.first_name,
    last_name: values.last_name,
    phone_number: values.phone_number,
  });
  if (!values.confirm) errors.confirm = AUTH_MESSAGES.confirmRequired;
  else if (values.confirm !== values.password) errors.confirm = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

/** Sign-up: the phone is shown as (555) 123-4567 and sent as digits; the confirmation is never sent. */
export function RegisterForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const registration = useRegister();
  const navigate = useNavigate();
  const next = useNextPath();

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: field === 'phone_number' ? formatPhoneInput(value) : value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const phone = phoneDigits(values.phone_number);
    registration.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        ...(phone ? { phone_number: phone } : {}),
      },
      { onSuccess: () => void navigate(next, { replace: true }) },
    );
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {registration.isError && <Notice tone="error">{errorMessage(registration.error, AUTH_STORE_MESSAGES.register)}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Phone (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(555) 123-4567"
        hint="US numbers only"
        {...field('phone_number')}
      />
      <TextField label="Password" type="password" autoComplete="new-password" hint="At least 6 characters" {...field('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirm')} />
      <Button type="submit" size="lg" className="w-full" isLoading={registration.isPending}>
        {registration.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
