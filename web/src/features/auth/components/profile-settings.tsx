import { formatDayLong } from '@gowild/contract/date-labels';
import { AUTH_MESSAGES, formatPhone, trialDaysLeft, type User } from '@gowild/contract/auth';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { useUpdateProfile } from '@/features/auth/api/update-profile';
import { formatPhoneInput, phoneDigits } from '@/features/auth/components/phone-input';
import { errorMessage } from '@/lib/api-client';
import { AUTH_STORE_MESSAGES } from '@/lib/auth/auth-store';

/** The success text clears after 3 s (docs/product/accounts-and-plans.md#profile). */
export const PROFILE_SUCCESS_MS = 3000;

type EditableField = 'first_name' | 'last_name' | 'phone_number';
const LABELS: Record<EditableField, string> = { first_name: 'First name', last_name: 'Last name', phone_number: 'Phone number' };

/** docs/product/accounts-and-plans.md#profile: first and last name required; phone 10 digits if not empty. */
export function validateProfileField(field: EditableField, value: string): string | null {
  if (field === 'phone_number') {
    const digits = phoneDigits(value);
    return digits.length === 0 || digits.length === 10 ? null : AUTH_MESSAGES.phoneInvalid;
  }
  if (value.trim() === '') return field === 'first_name' ? AUTH_MESSAGES.firstNameRequired : AUTH_MESSAGES.lastNameRequired;
  return null;
}

function displayValue(user: User, field: EditableField): string {
  if (field === 'phone_number') return user.phone_number ? formatPhone(user.phone_number) : '';
  return user[field];
}

function EditableRow({ user, field, onSaved }: { user: User; field: EditableField; onSaved: (field: EditableField) => void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const label = LABELS[field];

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const start = () => {
    setValue(displayValue(user, field));
    setError(null);
    update.reset();
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => editRef.current?.focus());
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateProfileField(field, value);
    setError(problem);
    if (problem) return;
    const body = field === 'phone_number' ? { phone_number: phoneDigits(value) || null } : { [field]: value.trim() };
    update.mutate(body, {
      onSuccess: () => {
        setEditing(false);
        onSaved(field);
        requestAnimationFrame(() => editRef.current?.focus());
      },
    });
  };

  const shown = displayValue(user, field);
  const serverError = update.isError ? errorMessage(update.error, AUTH_STORE_MESSAGES.profile) : null;
  const message = error ?? serverError;

  return (
    <div className="py-4 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{editing ? <label htmlFor={id}>{label}</label> : label}</dt>
      <dd className="mt-1 sm:col-span-2 sm:mt-0">
        {editing ? (
          <form onSubmit={save} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="flex-1">
              <input
                ref={inputRef}
                id={id}
                type={field === 'phone_number' ? 'tel' : 'text'}
                inputMode={field === 'phone_number' ? 'tel' : undefined}
                placeholder={field === 'phone_number' ? '(555) 123-4567' : undefined}
                value={value}
                onChange={(e) => {
                  setValue(field === 'phone_number' ? formatPhoneInput(e.target.value) : e.target.value);
                  setError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') cancel();
                }}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
                className={`block h-10 w-full rounded-lg border px-3 text-base shadow-sm focus:outline-2 sm:text-sm ${message ? 'border-red-400 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-700'}`}
              />
              {message && (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
                  {message}
                </p>
              )}
            </div>
            <div className="flex gap-2">
              <Button type="submit" size="md" isLoading={update.isPending}>
                Save
              </Button>
              <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex items-center justify-between gap-4">
            <span className={shown ? 'text-slate-900' : 'text-slate-500 italic'} data-testid={`profile-${field}`}>
              {shown || 'Not set'}
            </span>
            <button
              ref={editRef}
              type="button"
              onClick={start}
              className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              aria-label={`Edit ${label.toLowerCase()}`}
            >
              Edit
            </button>
          </div>
        )}
      </dd>
    </div>
  );
}

function formatDate(iso: string | null): string {
  if (!iso) return 'Never';
  return formatDayLong(iso) ?? 'Unknown';
}

/**
 * /profile: read-only e-mail, inline edits, account type, dates, and the subscription block the page gives
 * (billing's; without one, a link to the plans).
 */
export function ProfileSettings({ user, subscription }: { user: User; subscription?: ReactNode }) {
  const [saved, setSaved] = useState<EditableField | null>(null);
  const [savedAt, setSavedAt] = useState(0);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(null), PROFILE_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [saved, savedAt]);

  const trialDays = trialDaysLeft(user);
  return (
    <div className="space-y-6">
      {saved && <Notice tone="success">{LABELS[saved]} updated successfully!</Notice>}

      <section aria-labelledby="personal-title" className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6">
        <h2 id="personal-title" className="border-b border-slate-100 py-4 text-lg font-semibold text-slate-900">
          Personal information
        </h2>
        <dl className="divide-y divide-slate-100">
          <div className="py-4 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-500">Email</dt>
            <dd className="mt-1 text-slate-900 [overflow-wrap:anywhere] sm:col-span-2 sm:mt-0" data-testid="profile-email">
              {user.email}
              <span className="ml-2 text-xs text-slate-500">(cannot be changed)</span>
            </dd>
          </div>
          {(['first_name', 'last_name', 'phone_number'] as const).map((field) => (
            <EditableRow
              key={field}
              user={user}
              field={field}
              onSaved={(f) => {
                setSaved(f);
                setSavedAt(Date.now());
              }}
            />
          ))}
        </dl>
      </section>

      <section aria-labelledby="account-title" className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6">
        <h2 id="account-title" className="border-b border-slate-100 py-4 text-lg font-semibold text-slate-900">
          Account
        </h2>
        <dl className="divide-y divide-slate-100">
          <div className="py-4 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-500">Account type</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2 sm:col-span-2 sm:mt-0" data-testid="profile-account-type">
              {user.is_premium ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-800">
                  <CrownIcon className="size-4" />
                  Premium
                </span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700">Free</span>
              )}
              {trialDays > 0 && (
                <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800">
                  {trialDays} days left in trial
                </span>
              )}
            </dd>
          </div>
          <div className="py-4 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-500">Account created</dt>
            <dd className="mt-1 text-slate-900 sm:col-span-2 sm:mt-0">{formatDate(user.created_at)}</dd>
          </div>
          <div className="py-4 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-500">Last login</dt>
            <dd className="mt-1 text-slate-900 sm:col-span-2 sm:mt-0">{formatDate(user.last_login)}</dd>
          </div>
        </dl>
        <div className="border-t border-slate-100 py-4">
          {subscription ??
            (!user.is_premium && (
              <ButtonLink to={paths.plans} variant="premium">
                <CrownIcon className="size-4" />
                Upgrade Now
              </ButtonLink>
            ))}
        </div>
      </section>
    </div>
  );
}
