import { formatPrice } from '@gowild/contract/money';
import { ALERT_STATUSES, type AlertStatusFilter } from '@gowild/contract/admin';
import { alertStatus } from '@gowild/contract/notifications';
import { useId } from 'react';
import { ADMIN_FETCH_ERRORS } from '../api/admin-keys';
import { useAdminNotifications } from '../api/get-admin-notifications';
import { useErrorToast } from '../hooks/use-error-toast';
import { usePagedList } from '../hooks/use-paged-list';
import { formatInstant, fullName } from '../utils/admin-format';
import { AdminTable, Badge, Cell, EmptyRow, FilterField, inputClasses } from './admin-table';
import { Pagination } from './pagination';

const STATUS_NAMES: Record<AlertStatusFilter, string> = {
  active: 'Active',
  inactive: 'Inactive',
  found: 'Found',
  date_passed: 'Date Passed',
};
const COLUMNS = ['Owner', 'Route', 'Dates', 'Max price', 'GoWild only', 'Status', 'Created', 'Last checked'];

/** Every flight alert with its owner, by status (docs/product/admin.md#dashboard-screen). */
export function NotificationsTab({ limit }: { limit: number }) {
  const ids = useId();
  const list = usePagedList<{ status: AlertStatusFilter | '' }>({ status: '' });
  const query = useAdminNotifications({ page: list.page, limit, asOf: list.asOf, status: list.filters.status || undefined });
  useErrorToast(query.error, 'notifications', ADMIN_FETCH_ERRORS.notifications);
  const rows = query.data?.notifications;
  return (
    <section aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`} className="sr-only">
        Notifications
      </h2>
      <div className="mb-4 grid gap-3 sm:w-60">
        <FilterField label="Status" htmlFor={`${ids}-status`}>
          <select
            id={`${ids}-status`}
            value={list.filters.status}
            onChange={(e) => list.setFilters({ status: e.target.value as AlertStatusFilter | '' })}
            className={inputClasses}
          >
            <option value="">All statuses</option>
            {ALERT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_NAMES[s]}
              </option>
            ))}
          </select>
        </FilterField>
      </div>
      <AdminTable caption="Flight alerts, newest first" columns={COLUMNS} busy={query.isFetching}>
        {!rows ? (
          <EmptyRow columns={COLUMNS.length}>{query.isError ? ADMIN_FETCH_ERRORS.notifications : 'Loading alerts…'}</EmptyRow>
        ) : rows.length === 0 ? (
          <EmptyRow columns={COLUMNS.length}>No alerts match.</EmptyRow>
        ) : (
          rows.map((n) => {
            const status = alertStatus(n);
            return (
              <tr key={n.id}>
                <Cell>
                  {n.user ? (
                    <>
                      <span className="block font-medium">{fullName(n.user)}</span>
                      <span className="block text-xs text-slate-600">{n.user.email}</span>
                    </>
                  ) : (
                    'guest'
                  )}
                </Cell>
                <Cell>
                  {n.origin_airport} → {n.destination_airport}
                </Cell>
                <Cell>{n.travel_dates.join(', ')}</Cell>
                <Cell className="tabular-nums">{n.max_price !== null ? formatPrice(n.max_price) : 'When GoWild opens'}</Cell>
                <Cell>{n.gowild_only ? 'Yes' : 'No'}</Cell>
                <Cell>
                  <Badge tone={status === 'Active' ? 'green' : status.startsWith('Found') ? 'amber' : 'slate'}>{status}</Badge>
                </Cell>
                <Cell>{formatInstant(n.created_at)}</Cell>
                <Cell>{formatInstant(n.last_checked_at)}</Cell>
              </tr>
            );
          })
        )}
      </AdminTable>
      {query.data && (
        <Pagination info={query.data.pagination} label="Notifications" onPage={(p) => list.goTo(p, query.data?.pagination.as_of)} />
      )}
    </section>
  );
}
