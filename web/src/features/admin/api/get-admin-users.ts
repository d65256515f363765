import { type AdminUserPlan } from '@gowild/contract/admin';
import { type AdminListParams, adminListQuery } from './admin-list';

export interface AdminUsersParams extends AdminListParams {
  /** Part of an e-mail or a name. */
  q?: string;
  plan?: AdminUserPlan;
}

/** GET /api/admin/users: users newest first, by e-mail or name and plan. */
const users = adminListQuery<AdminUsersParams, 'users'>('users', 'fetch users');
export const useAdminUsers = users.useList;
