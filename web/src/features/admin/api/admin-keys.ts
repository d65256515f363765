/** Every admin query's key starts with this, so an action refreshes the lists and figures it may change. */
export const ADMIN_KEY = ['admin'] as const;

/** The section 8 texts of the admin calls (docs/product/admin.md#dashboard-screen). */
export const ADMIN_FETCH_ERRORS = {
  users: 'Failed to fetch users',
  notifications: 'Failed to fetch notifications',
  searches: 'Failed to fetch searches',
  dashboard: 'Failed to fetch dashboard data',
  audit: 'Failed to fetch admin actions',
} as const;
