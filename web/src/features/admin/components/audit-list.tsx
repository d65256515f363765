import { useId } from 'react';
import { ADMIN_FETCH_ERRORS } from '../api/admin-keys';
import { useAdminAudit } from '../api/get-admin-audit';
import { useErrorToast } from '../hooks/use-error-toast';
import { usePagedList } from '../hooks/use-paged-list';
import { auditActionLabel, describeChange, formatInstant } from '../utils/admin-format';
import { AdminTable, Cell, EmptyRow } from './admin-table';
import { Pagination } from './pagination';

const COLUMNS = ['When', 'Who', 'Action', 'On', 'Before', 'After'];

/** The audit log: every operator action from /admin, newest first (docs/product/admin.md#audit-log). */
export function AuditList({ limit }: { limit: number }) {
  const ids = useId();
  const list = usePagedList<Record<string, never>>({});
  const query = useAdminAudit({ page: list.page, limit, asOf: list.asOf });
  useErrorToast(query.error, 'audit', ADMIN_FETCH_ERRORS.audit);
  const rows = query.data?.entries;
  return (
    <section aria-labelledby={`${ids}-h`} className="mt-8">
      <h2 id={`${ids}-h`} className="mb-3 text-lg font-bold text-slate-900">
        Admin actions
      </h2>
      <AdminTable caption="Admin actions, newest first" columns={COLUMNS} busy={query.isFetching}>
        {!rows ? (
          <EmptyRow columns={COLUMNS.length}>{query.isError ? ADMIN_FETCH_ERRORS.audit : 'Loading…'}</EmptyRow>
        ) : rows.length === 0 ? (
          <EmptyRow columns={COLUMNS.length}>No admin actions yet.</EmptyRow>
        ) : (
          rows.map((e) => (
            <tr key={e.id}>
              <Cell>{formatInstant(e.created_at)}</Cell>
              <Cell>{e.actor.email}</Cell>
              <Cell className="font-medium">{auditActionLabel(e.action)}</Cell>
              <Cell>{e.target}</Cell>
              <Cell className="max-w-xs whitespace-normal text-xs text-slate-700">{describeChange(e.before)}</Cell>
              <Cell className="max-w-xs whitespace-normal text-xs text-slate-700">{describeChange(e.after)}</Cell>
            </tr>
          ))
        )}
      </AdminTable>
      {query.data && (
        <Pagination info={query.data.pagination} label="Admin actions" onPage={(p) => list.goTo(p, query.data?.pagination.as_of)} />
      )}
    </section>
  );
}
