import { type AdminListParams, adminListQuery } from './admin-list';

export type AdminAuditParams = AdminListParams;

/** GET /api/admin/audit: what operators did, newest first. */
const audit = adminListQuery<AdminAuditParams, 'audit'>('audit', 'fetch admin actions');
export const useAdminAudit = audit.useList;
