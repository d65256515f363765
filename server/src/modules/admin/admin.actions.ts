import { ADMIN_MESSAGES, type AdminAuditEntry, type AdminUser, type AdminUserAction } from '@gowild/contract/admin';
import { ENTITLEMENT_MESSAGES } from '@gowild/contract/auth';
import { ERROR_CODES } from '@gowild/contract/errors';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import type { UserRow, UsersService } from '../accounts/accounts.module';
import type { AuditWriter } from './admin.audit';
import { presentAdminUser } from './admin.presenters';
import type { AdminRepository } from './admin.repository';

/** The account flags an audit entry records before and after a user action. */
const flagsOf = (u: UserRow) => ({
  is_premium: u.isPremium,
  premium_granted: u.premiumGranted,
  is_admin: u.isAdmin,
  is_active: u.isActive,
});

/** Each action as the accounts module's operator call (the CLI's `user:grant` / `user:revoke`). */
const FLAG_CALLS: Record<AdminUserAction, { call: 'grant' | 'revoke'; flag: 'premium' | 'admin' | 'active' }> = {
  grant_premium: { call: 'grant', flag: 'premium' },
  revoke_premium: { call: 'revoke', flag: 'premium' },
  grant_admin: { call: 'grant', flag: 'admin' },
  revoke_admin: { call: 'revoke', flag: 'admin' },
  deactivate: { call: 'revoke', flag: 'active' },
  reactivate: { call: 'grant', flag: 'active' },
};

/** Actions after which the target may no longer run the service. */
const LOCKS_OUT: ReadonlySet<AdminUserAction> = new Set(['revoke_admin', 'deactivate']);

interface AdminActionsDeps {
  repo: AdminRepository;
  /** The accounts module's operator calls, run inside the admin lock's transaction (`tx`). */
  users: Pick<UsersService, 'grant' | 'revoke'>;
  audit: AuditWriter;
}

/** The operator's actions on an account from /admin (decision 091). */
export function createAdminActions({ repo, users, audit }: AdminActionsDeps) {
  return {
    /**
     * Grant or take back premium or admin, deactivate or reactivate, through the accounts module's operator calls
     * (the CLI's): premium is the operator's grant beside any subscription (decision 073); deactivation ends every
     * session. Never on oneself where it would lock one out, never the last active admin. Audited.
     *
     * The checks and the change are one transaction holding the admin set's row locks (decision 120): two admins
     * removing each other at once, from any two processes, run one after the other, and the second finds it is no
     * longer an admin (403) or that the other is the last one (409).
     */
    async act(actor: UserRow, targetId: string, action: AdminUserAction): Promise<{ user: AdminUser; audit: AdminAuditEntry }> {
      return repo.underAdminLock(async (locked, tx) => {
        // The actor may have lost admin to an action committed while this one waited for the lock.
        const me = await locked.findUser(actor.id);
        if (!me?.user.isAdmin || !me.user.isActive) throw forbidden(ENTITLEMENT_MESSAGES.adminRequired, ERROR_CODES.ADMIN_REQUIRED);
        const found = await locked.findUser(targetId);
        if (!found) throw notFound(ADMIN_MESSAGES.userNotFound);
        const target = found.user;
        if (LOCKS_OUT.has(action)) {
          if (target.id === actor.id) throw conflict(ADMIN_MESSAGES.notOnYourself);
          if (target.isAdmin && target.isActive && (await locked.countOtherActiveAdmins(target.id)) === 0)
            throw conflict(ADMIN_MESSAGES.lastAdmin);
        }
        const { call, flag } = FLAG_CALLS[action];
        await users[call](target.email, flag, tx);
        const after = (await locked.findUser(target.id))!;
        const entry = await audit(
          me.user,
          {
            action,
            target: target.email,
            targetUserId: target.id,
            before: flagsOf(target),
            after: flagsOf(after.user),
          },
          locked,
        );
        return { user: presentAdminUser(after), audit: entry };
      });
    },
  };
}
