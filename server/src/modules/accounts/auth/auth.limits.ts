import { AUTH_MESSAGES } from '@gowild/contract/auth';
import { type RateLimitStore, type RateRule, assertUnderLimit, consumeLimit, recordHit, resetLimit } from '../../../lib/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The account limits (issue "Accounts"). Login counts failures only:
 * - per (account, address): a short window, so one guessing machine is stopped quickly without touching the owner
 *   elsewhere, and the owner's own typos clear with a success;
 * - per account: after 100 failures in an hour, addresses that never signed in to the account are refused until
 *   the hour ends, so a botnet cannot grind one account, while the owner at an address they used before is not
 *   held by that cap (the (account, address) limit still applies there), and a password reset clears it;
 * - per address: across accounts, against one machine spraying many e-mails.
 * Register and forgot-password count every request, per address and per e-mail.
 */
export interface AuthLimits {
  loginPerAccountAndIp: RateRule;
  loginPerAccount: RateRule;
  loginPerIp: RateRule;
  registerPerIp: RateRule;
  registerPerEmail: RateRule;
  forgotPerIp: RateRule;
  forgotPerEmail: RateRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerAccountAndIp: { name: 'login-acct-ip', limit: 10, windowMs: 15 * MINUTE },
  loginPerAccount: { name: 'login-acct', limit: 100, windowMs: HOUR },
  loginPerIp: { name: 'login-ip', limit: 50, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register-ip', limit: 20, windowMs: HOUR },
  registerPerEmail: { name: 'register-email', limit: 5, windowMs: HOUR },
  forgotPerIp: { name: 'forgot-ip', limit: 20, windowMs: HOUR },
  forgotPerEmail: { name: 'forgot-email', limit: 5, windowMs: HOUR },
};

export function resolveAuthLimits(overrides: Partial<AuthLimits> = {}): AuthLimits {
  return { ...DEFAULT_AUTH_LIMITS, ...overrides };
}

export function createAuthLimiter(store: RateLimitStore, limits: AuthLimits) {
  const pair = (email: string, ip: string) => `${email}|${ip}`;
  return {
    /** Throws 429 before the password is even checked when this attempt would be over a login limit. */
    async beforeLogin(email: string, ip: string, trustedAddress: () => Promise<boolean>) {
      await assertUnderLimit(store, limits.loginPerIp, ip, AUTH_MESSAGES.tooManyLogins);
      await assertUnderLimit(store, limits.loginPerAccountAndIp, pair(email, ip), AUTH_MESSAGES.tooManyLogins);
      const account = await store.peek(`${limits.loginPerAccount.name}:${email}`);
      if (account.count >= limits.loginPerAccount.limit && !(await trustedAddress())) {
        await assertUnderLimit(store, limits.loginPerAccount, email, AUTH_MESSAGES.tooManyLogins);
      }
    },
    /** Same work whether or not the account exists, so the failure path does not time differently either. */
    async loginFailed(email: string, ip: string) {
      await recordHit(store, limits.loginPerIp, ip);
      await recordHit(store, limits.loginPerAccountAndIp, pair(email, ip));
      await recordHit(store, limits.loginPerAccount, email);
    },
    async loginSucceeded(email: string, ip: string) {
      await resetLimit(store, limits.loginPerAccountAndIp, pair(email, ip));
    },
    /** After a password reset the owner has proven control: the per-account cap starts over. */
    async passwordReset(email: string) {
      await resetLimit(store, limits.loginPerAccount, email);
    },
    async register(email: string, ip: string) {
      await consumeLimit(store, limits.registerPerIp, ip, AUTH_MESSAGES.tooManyRegistrations);
      await consumeLimit(store, limits.registerPerEmail, email, AUTH_MESSAGES.tooManyRegistrations);
    },
    async forgot(email: string, ip: string) {
      await consumeLimit(store, limits.forgotPerIp, ip, AUTH_MESSAGES.tooManyResets);
      await consumeLimit(store, limits.forgotPerEmail, email, AUTH_MESSAGES.tooManyResets);
    },
  };
}
export type AuthLimiter = ReturnType<typeof createAuthLimiter>;
