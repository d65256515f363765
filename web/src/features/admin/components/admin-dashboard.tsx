import { LIMITS } from '@gowild/contract/limits';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AirlinePagesTab } from './airline-pages-tab';
import { NotificationsTab } from './notifications-tab';
import { OverviewTab } from './overview-tab';
import { SearchesTab } from './searches-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'Users' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'searches', label: 'Searches' },
  { id: 'airline-pages', label: 'Airline pages' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin's tabs (docs/product/admin.md#dashboard-screen), the open one in `?tab=` so a reload or a shared link
 * keeps it. Tabs follow the ARIA tabs pattern: arrow keys, Home and End move between them.
 */
export function AdminDashboard({ selfId }: { selfId: string | undefined }) {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const current: TabId = TABS.some((t) => t.id === params.get('tab')) ? (params.get('tab') as TabId) : 'overview';
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const open = (id: TabId, focus = false) => {
    setParams(id === 'overview' ? {} : { tab: id }, { replace: true });
    if (focus) refs.current[id]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === current);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    open(TABS[(next + TABS.length) % TABS.length]!.id, true);
  };
  const limit = LIMITS.adminPageSize;
  return (
    <div>
      <div
        role="tablist"
        aria-label="Admin sections"
        className="mb-6 flex overflow-x-auto border-b border-slate-200 sm:gap-1"
        onKeyDown={onKey}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${t.id}`}
            aria-selected={current === t.id}
            aria-controls={`${ids}-panel-${t.id}`}
            tabIndex={current === t.id ? 0 : -1}
            onClick={() => open(t.id)}
            className={`-mb-px whitespace-nowrap border-b-2 px-2 py-2 text-sm sm:px-4 font-semibold focus-visible:outline-2 focus-visible:outline-brand-700 ${
              current === t.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel-${current}`} aria-labelledby={`${ids}-tab-${current}`}>
        {current === 'overview' && <OverviewTab limit={limit} />}
        {current === 'users' && <UsersTab selfId={selfId} limit={limit} />}
        {current === 'notifications' && <NotificationsTab limit={limit} />}
        {current === 'searches' && <SearchesTab limit={limit} />}
        {current === 'airline-pages' && <AirlinePagesTab limit={limit} />}
      </div>
    </div>
  );
}
