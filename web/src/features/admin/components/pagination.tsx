import type { Pagination as PaginationInfo } from '@gowild/contract/admin';
import { buttonClasses } from '@/components/ui/button';
import { pageWindow } from '../utils/admin-format';

/** Previous, a window of 5 page buttons, next; and 'Showing 26–50 of 120'. */
export function Pagination({ info, label, onPage }: { info: PaginationInfo; label: string; onPage: (page: number) => void }) {
  const { page, pages, total, limit } = info;
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  if (total === 0) return null;
  const pageButton = (p: number, text: string, aria: string, disabled: boolean, current = false) => (
    <li key={`${aria}-${p}`}>
      <button
        type="button"
        className={buttonClasses(current ? 'primary' : 'secondary', 'sm', 'min-w-8')}
        aria-label={aria}
        aria-current={current ? 'page' : undefined}
        disabled={disabled}
        onClick={() => onPage(p)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {from}–{to} of {total}
      </p>
      {pages > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          {pageButton(page - 1, '‹', 'Previous page', page <= 1)}
          {pageWindow(page, pages).map((p) => pageButton(p, String(p), `Page ${p}`, false, p === page))}
          {pageButton(page + 1, '›', 'Next page', page >= pages)}
        </ul>
      )}
    </nav>
  );
}
