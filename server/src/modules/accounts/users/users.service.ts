import { AUTH_MESSAGES, emailSchema, newPasswordSchema } from '@gowild/contract/auth';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { PasswordHasher } from '../auth/password';
import { isCommonPassword } from '../auth/password';
import { type SubscriptionFlags, type UserRow, type UsersRepository, isUniqueViolation } from './users.repository';

export type AccountFlag = 'premium' | 'admin' | 'active';
export const ACCOUNT_FLAGS: readonly AccountFlag[] = ['premium', 'admin', 'active'];

/** An operator's mistake (bad e-mail, weak password, unknown account): shown to them as is. */
export class AccountInputError extends Error {}

interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  isPremium?: boolean;
}

/** Account operations outside the HTTP routes: the operator CLI and billing. */
export function createUsersService(deps: {
  repo: UsersRepository;
  hasher: PasswordHasher;
  clock: Clock;
  /** The repository over a caller's transaction (the admin module's last-admin guard, decision 120). */
  repoOn: (db: Db) => UsersRepository;
}) {
  const { repo } = deps;
  /** The repository for a call: the caller's transaction when it passes one, else the module's own. */
  const repoFor = (tx?: Db) => (tx ? deps.repoOn(tx) : repo);
  async function mustFind(email: string, r: UsersRepository = repo): Promise<UserRow> {
    const user = await r.findByEmail(email);
    if (!user) throw new AccountInputError(`no account with e-mail ${email}`);
    return user;
  }
  return {
    /** The same rules as sign-up (valid e-mail, 6+ characters, not a common password, names present). */
    async createAccount(input: NewAccount): Promise<UserRow> {
      const email = emailSchema.safeParse(input.email);
      if (!email.success) throw new AccountInputError(email.error.issues[0]?.message ?? AUTH_MESSAGES.emailInvalid);
      const password = newPasswordSchema.safeParse(input.password);
      if (!password.success) throw new AccountInputError(password.error.issues[0]?.message ?? AUTH_MESSAGES.passwordTooShort);
      if (isCommonPassword(input.password)) throw new AccountInputError(AUTH_MESSAGES.passwordCommon);
      if (!input.firstName.trim()) throw new AccountInputError(AUTH_MESSAGES.firstNameRequired);
      if (!input.lastName.trim()) throw new AccountInputError(AUTH_MESSAGES.lastNameRequired);
      try {
        return await repo.insert({
          email: email.data,
          passwordHash: await deps.hasher.hash(input.password),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          isAdmin: input.isAdmin ?? false,
          isPremium: input.isPremium ?? false,
          premiumGranted: input.isPremium ?? false,
          createdAt: deps.clock.now(),
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AccountInputError(AUTH_MESSAGES.emailTaken);
        throw e;
      }
    },
    /** `tx`: run inside the caller's transaction, so its own checks and this change commit together. */
    async grant(email: string, flag: AccountFlag, tx?: Db): Promise<UserRow> {
      const r = repoFor(tx);
      const user = await mustFind(email, r);
      if (flag === 'premium') return (await r.setPremiumGranted(user.id, true))!;
      return (await r.updateFlags(user.id, flag === 'admin' ? { isAdmin: true } : { isActive: true }))!;
    },
    /**
     * Revoking `active` deactivates the account and ends all of its sessions at once. Revoking `premium` takes back
     * the operator's grant only: a paying subscriber stays premium (decision 073).
     */
    async revoke(email: string, flag: AccountFlag, tx?: Db): Promise<UserRow> {
      const r = repoFor(tx);
      const user = await mustFind(email, r);
      if (flag === 'active') return (await r.deactivate(user.id, deps.clock.now()))!;
      if (flag === 'premium') return (await r.setPremiumGranted(user.id, false))!;
      return (await r.updateFlags(user.id, { isAdmin: false }))!;
    },

    // Billing's calls (the billing module keeps no copy of the users table).
    findById: (id: string) => repo.findById(id),
    findByEmail: (email: string) => repo.findByEmail(email),
    findByStripeCustomer: (customerId: string) => repo.findByStripeCustomer(customerId),
    linkStripeCustomer: (id: string, customerId: string) => repo.linkStripeCustomer(id, customerId),
    applySubscription: (id: string, flags: SubscriptionFlags) => repo.applySubscription(id, flags),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
