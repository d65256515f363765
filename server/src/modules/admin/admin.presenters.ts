import type { AdminAuditEntry, AdminListQuery, AdminUser, Pagination } from '@gowild/contract/admin';
import { pageCount } from '@gowild/contract/admin';
import { type UserRow, presentUser } from '../accounts/accounts.module';
import type { AuditRow, Page } from './admin.repository';

export function pagination(query: AdminListQuery, total: number, asOf: Date): Pagination {
  return { page: query.page, limit: query.limit, total, pages: pageCount(total, query.limit), as_of: asOf.toISOString() };
}
export const pageOf = (q: AdminListQuery, asOf: Date): Page => ({ limit: q.limit, offset: (q.page - 1) * q.limit, asOf });

export function presentAdminUser(r: { user: UserRow; searchCount: number; notificationCount: number }): AdminUser {
  return {
    ...presentUser(r.user),
    notification_count: r.notificationCount,
    search_count: r.searchCount,
    premium_granted: r.user.premiumGranted,
    subscription_premium: r.user.subscriptionPremium,
  };
}

export function presentAudit(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actorId, email: row.actorEmail },
    target: row.target,
    target_user_id: row.targetUserId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
