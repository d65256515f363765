import { SEARCH_TYPES } from '@gowild/contract/admin';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ADMIN_FETCH_ERRORS } from '../api/admin-keys';
import { useAdminSearches } from '../api/get-admin-searches';
import { useErrorToast } from '../hooks/use-error-toast';
import { usePagedList } from '../hooks/use-paged-list';
import { formatInstant, fullName, originLabel } from '../utils/admin-format';
import { AdminTable, Badge, Cell, EmptyRow, FilterField, inputClasses } from './admin-table';
import { Pagination } from './pagination';

const COLUMNS = ['When', 'Who', 'Origin', 'Destination', 'Type', 'Travel date', 'Results', 'Flights', 'Outcome'];
interface Filters {
  origin: string;
  type: string;
  day: string;
}

/** The search log: by origin, type and day; 'guest' where there is no user (docs/product/admin.md#dashboard-screen). */
export function SearchesTab({ limit }: { limit: number }) {
  const ids = useId();
  const list = usePagedList<Filters>({ origin: '', type: '', day: '' });
  const [draft, setDraft] = useState<Filters>(list.filters);
  const query = useAdminSearches({
    page: list.page,
    limit,
    asOf: list.asOf,
    origin: list.filters.origin || undefined,
    type: list.filters.type || undefined,
    day: list.filters.day || undefined,
  });
  useErrorToast(query.error, 'searches', ADMIN_FETCH_ERRORS.searches);
  const rows = query.data?.searches;
  return (
    <section aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`} className="sr-only">
        Searches
      </h2>
      <form
        role="search"
        className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_11rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters({ ...draft, origin: draft.origin.trim() });
        }}
      >
        <FilterField label="Origin" htmlFor={`${ids}-origin`}>
          <input
            id={`${ids}-origin`}
            value={draft.origin}
            onChange={(e) => setDraft({ ...draft, origin: e.target.value })}
            className={inputClasses}
            placeholder="DEN or CITY:NYC"
          />
        </FilterField>
        <FilterField label="Type" htmlFor={`${ids}-type`}>
          <select
            id={`${ids}-type`}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value })}
            className={inputClasses}
          >
            <option value="">All types</option>
            {SEARCH_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Day (UTC)" htmlFor={`${ids}-day`}>
          <input
            id={`${ids}-day`}
            type="date"
            value={draft.day}
            onChange={(e) => setDraft({ ...draft, day: e.target.value })}
            className={inputClasses}
          />
        </FilterField>
        <Button type="submit">Filter</Button>
      </form>
      <AdminTable caption="Search log, newest first" columns={COLUMNS} busy={query.isFetching}>
        {!rows ? (
          <EmptyRow columns={COLUMNS.length}>{query.isError ? ADMIN_FETCH_ERRORS.searches : 'Loading searches…'}</EmptyRow>
        ) : rows.length === 0 ? (
          <EmptyRow columns={COLUMNS.length}>No searches match.</EmptyRow>
        ) : (
          rows.map((s) => (
            <tr key={s.id}>
              <Cell>{formatInstant(s.created_at)}</Cell>
              <Cell>
                {s.user ? (
                  <>
                    <span className="block font-medium">{fullName(s.user)}</span>
                    <span className="block text-xs text-slate-600">{s.user.email}</span>
                  </>
                ) : (
                  <span className="italic text-slate-600">guest</span>
                )}
              </Cell>
              <Cell>{originLabel(s.origin_airport)}</Cell>
              <Cell>{s.destination_airport ?? '—'}</Cell>
              <Cell>{s.search_type}</Cell>
              <Cell>{s.search_date ?? '—'}</Cell>
              <Cell className="text-right tabular-nums">{s.results_found}</Cell>
              <Cell className="text-right tabular-nums">{s.total_flights}</Cell>
              <Cell>
                <Badge tone={s.outcome === 'complete' ? 'green' : s.outcome === 'failed' ? 'red' : 'slate'}>{s.outcome}</Badge>
                {!s.charged && <span className="ml-1 text-xs text-slate-600">not counted</span>}
              </Cell>
            </tr>
          ))
        )}
      </AdminTable>
      {query.data && (
        <Pagination info={query.data.pagination} label="Searches" onPage={(p) => list.goTo(p, query.data?.pagination.as_of)} />
      )}
    </section>
  );
}
