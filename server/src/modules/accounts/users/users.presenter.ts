import type { User } from '@gowild/contract/auth';
import type { UserRow } from './users.repository';

/** The API shape of a user (docs/product/accounts-and-plans.md#user-record); the password hash never leaves the server. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    is_admin: row.isAdmin,
    is_premium: row.isPremium,
    is_active: row.isActive,
    is_trial: row.isTrial,
    trial_end: row.trialEnd,
    created_at: row.createdAt.toISOString(),
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
    stripe_customer_id: row.stripeCustomerId,
  };
}
