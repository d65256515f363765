import { adminAuditResponseSchema, type AdminAuditPage } from '@gowild/contract/admin';
import { type AdminListParams, adminListQuery } from './admin-list';

export type AdminAuditParams = AdminListParams;

/** GET /api/admin/audit: what operators did, newest first. */
const audit = adminListQuery<AdminAuditParams, AdminAuditPage>('audit', adminAuditResponseSchema, 'fetch admin actions');
export const useAdminAudit = audit.useList;
