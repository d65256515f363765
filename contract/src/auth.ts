import { z } from 'zod';
import { LIMITS } from './limits';

/** Validation texts of docs/product/accounts-and-plans.md#validation-rules, defined once for the pages and the server. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordCommon: 'This password is too common. Please choose a less predictable password.',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneInvalid: 'Please enter a valid US phone number (10 digits)',
  noToken: 'No token provided',
  noResetToken: 'No reset token provided',
  invalidResetToken: 'Invalid or expired reset token',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  accountDisabled: 'This account has been deactivated',
  googleUnavailable: 'Google sign-in is not configured on this server',
  tokenVerificationFailed: 'Token verification failed',
  loginFailed: 'Login failed',
  googleFailed: 'Google authentication failed',
  googleEmailUnverified: 'Your Google account e-mail address is not verified. Please verify it with Google or sign up with a password.',
  sessionExpired: 'Your session has expired. Please log in again.',
  loginRequired: 'Please log in to continue.',
  forgotPasswordSent: 'If an account exists for that email, a password reset link is on its way. It is valid for 1 hour.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  loggedOut: 'You have been logged out.',
  tooManyLogins: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many sign-up attempts. Please try again later.',
  tooManyResets: 'Too many password reset requests. Please try again later.',
} as const;

/** What the server answers when a role rule refuses a call (docs/product/accounts-and-plans.md#entitlements). */
export const ENTITLEMENT_MESSAGES = {
  returnPremium: 'Return flight search is a premium feature. Upgrade your account to search return flights.',
  adminRequired: 'Admin privileges required.',
} as const;

/** A loose address check, as the pages do it: something@something.tld. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** False for control characters (NUL above all: PostgreSQL text cannot hold it) and unpaired surrogates. */
export function isStorableText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    }
  }
  return true;
}

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid)
  .refine(isStorableText, AUTH_MESSAGES.emailInvalid);

export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMinLength, AUTH_MESSAGES.passwordTooShort)
  .max(256, 'Password must be at most 256 characters long');

/** Phone: optional; digits only once formatting is stripped; exactly 10 (US). */
export const phoneSchema = z
  .string()
  .transform((s) => s.replace(/\D/g, ''))
  .refine((s) => s.length === 0 || s.length === LIMITS.phoneDigits, AUTH_MESSAGES.phoneInvalid);

const nameSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, `${message.split(' is')[0]} is too long`)
    .refine(isStorableText, `${message.split(' is')[0]} contains characters that are not allowed`);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  is_admin: z.boolean(),
  is_premium: z.boolean(),
  is_active: z.boolean(),
  is_trial: z.boolean(),
  /** Epoch seconds, or null. */
  trial_end: z.number().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  first_name: nameSchema(AUTH_MESSAGES.firstNameRequired),
  last_name: nameSchema(AUTH_MESSAGES.lastNameRequired),
  phone_number: phoneSchema.optional().nullable(),
});
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(256),
});
export const authResponseSchema = z.object({ token: z.string(), user: userSchema });

export const tokenBodySchema = z.object({ token: z.string().max(8192).optional() });
/** POST /auth/google: the ID token (credential) Google Identity Services gave the browser. */
export const googleBodySchema = z.object({ token: z.string({ error: AUTH_MESSAGES.noToken }).min(1, AUTH_MESSAGES.noToken).max(8192) });
export const verifyTokenResponseSchema = z.object({ valid: z.boolean(), user: userSchema.optional(), error: z.string().optional() });

export const profileBodySchema = z
  .object({
    first_name: nameSchema(AUTH_MESSAGES.firstNameRequired).optional(),
    last_name: nameSchema(AUTH_MESSAGES.lastNameRequired).optional(),
    phone_number: phoneSchema.optional().nullable(),
  })
  .strict();
export const userResponseSchema = z.object({ user: userSchema });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const verifyResetTokenResponseSchema = z.object({
  valid: z.boolean(),
  user_name: z.string().optional(),
  error: z.string().optional(),
});
export const resetPasswordBodySchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.noResetToken }).min(1, AUTH_MESSAGES.noResetToken).max(512),
  password: newPasswordSchema,
});
export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const searchUsageResponseSchema = z.object({
  search_limit: z.number().int().nullable(),
  searches_remaining: z.number().int().nullable(),
  is_premium: z.boolean(),
});
export type SearchUsage = z.infer<typeof searchUsageResponseSchema>;

/** docs/product/accounts-and-plans.md#trial: in trial when is_trial and trial_end is in the future; days left rounded up. */
export function trialDaysLeft(user: Pick<User, 'is_trial' | 'trial_end'>, nowMs: number = Date.now()): number {
  if (!user.is_trial || user.trial_end === null) return 0;
  const remaining = user.trial_end - nowMs / 1000;
  return remaining > 0 ? Math.ceil(remaining / 86400) : 0;
}

/** (555) 123-4567 for a 10-digit number; anything else as given. */
export function formatPhone(digits: string | null | undefined): string {
  const d = (digits ?? '').replace(/\D/g, '');
  if (d.length !== 10) return digits ?? '';
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
