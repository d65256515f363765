import { useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { UNREADABLE_PAGES_ERROR, useUnreadablePage, useUnreadablePages } from '../api/get-unreadable-pages';
import { useErrorToast } from '../hooks/use-error-toast';
import { formatInstant } from '../utils/admin-format';
import { AdminTable, Cell, EmptyRow } from './admin-table';
import { Pagination } from './pagination';

const COLUMNS = ['When', 'Address', 'Reason', 'Size', 'Body'];

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`);

/** One kept page's body as plain text: shown, never rendered as HTML. */
function PageBody({ id, onClose }: { id: string; onClose: () => void }) {
  const ids = useId();
  const query = useUnreadablePage(id);
  const page = query.data;
  return (
    <section aria-labelledby={`${ids}-h`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${ids}-h`} className="font-semibold text-slate-900">
          Page body{page ? `: ${page.status}, ${page.content_type ?? 'no content type'}` : ''}
        </h3>
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={onClose}>
          Close
        </button>
      </div>
      {page && page.truncated && <p className="mt-2 text-xs text-slate-600">The first part only: the page had {size(page.bytes)}.</p>}
      <pre
        data-testid="unreadable-page-body"
        tabIndex={0}
        className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 text-xs text-slate-800"
      >
        {page ? page.body : query.isError ? 'The page could not be loaded.' : 'Loading…'}
      </pre>
    </section>
  );
}

/** Airline pages the adapter could not read (docs/product/status.md#unreadable-airline-pages), newest first. */
export function AirlinePagesTab({ limit }: { limit: number }) {
  const ids = useId();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useUnreadablePages(page, limit);
  useErrorToast(query.error, 'unreadable-pages', UNREADABLE_PAGES_ERROR);
  const rows = query.data?.pages;
  return (
    <section aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`} className="text-lg font-bold text-slate-900">
        Unreadable airline pages
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-600">
        Answers from the airline the app could not read, kept so you can see what changed
        {query.data ? ` (the newest ${query.data.kept_max}, for ${query.data.kept_days} days)` : ''}. Admins get one e-mail an hour at most
        while they keep coming.
      </p>
      <AdminTable caption="Unreadable airline pages, newest first" columns={COLUMNS} busy={query.isFetching}>
        {!rows ? (
          <EmptyRow columns={COLUMNS.length}>{query.isError ? UNREADABLE_PAGES_ERROR : 'Loading…'}</EmptyRow>
        ) : rows.length === 0 ? (
          <EmptyRow columns={COLUMNS.length}>No unreadable pages: every airline answer was read.</EmptyRow>
        ) : (
          rows.map((p) => (
            <tr key={p.id}>
              <Cell>{formatInstant(p.seen_at)}</Cell>
              <Cell className="max-w-xs whitespace-normal break-all text-xs">{p.url}</Cell>
              <Cell className="max-w-sm whitespace-normal text-xs">{p.reason}</Cell>
              <Cell>{size(p.bytes)}</Cell>
              <Cell>
                <button
                  type="button"
                  className={buttonClasses('secondary', 'sm')}
                  aria-label={`View the body of the page seen ${formatInstant(p.seen_at)}`}
                  onClick={() => setOpen(p.id)}
                >
                  View
                </button>
              </Cell>
            </tr>
          ))
        )}
      </AdminTable>
      {query.data && <Pagination info={query.data.pagination} label="Unreadable airline pages" onPage={setPage} />}
      {open && <PageBody key={open} id={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
