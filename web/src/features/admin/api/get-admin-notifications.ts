import { type AlertStatusFilter } from '@gowild/contract/admin';
import { type AdminListParams, adminListQuery } from './admin-list';

export interface AdminNotificationsParams extends AdminListParams {
  status?: AlertStatusFilter;
}

/** GET /api/admin/notifications: every flight alert with its owner, by status. */
const notifications = adminListQuery<AdminNotificationsParams, 'notifications'>('notifications', 'fetch notifications');
export const useAdminNotifications = notifications.useList;
