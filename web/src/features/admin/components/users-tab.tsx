import { ADMIN_USER_PLANS, type AdminUser, type AdminUserAction, type AdminUserPlan } from '@gowild/contract/admin';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast/toast-store';
import { useActOnUser } from '../api/act-on-user';
import { ADMIN_FETCH_ERRORS } from '../api/admin-keys';
import { useAdminUsers } from '../api/get-admin-users';
import { useErrorToast } from '../hooks/use-error-toast';
import { usePagedList } from '../hooks/use-paged-list';
import { formatDay, formatEpochDay, formatInstant, fullName, planLabels } from '../utils/admin-format';
import { AdminTable, Badge, Cell, EmptyRow, FilterField, inputClasses } from './admin-table';
import { type ConfirmRequest, ConfirmDialog } from './confirm-dialog';
import { UserDeliveries } from './user-deliveries';
import { Pagination } from './pagination';

const PLAN_NAMES: Record<AdminUserPlan, string> = {
  free: 'Free',
  trial: 'Trial',
  premium: 'Premium',
  admin: 'Admin',
  inactive: 'Inactive',
};
const COLUMNS = ['User', 'Plan', 'Trial ends', 'Created', 'Last login', 'Searches', 'Alerts', 'Actions'];

interface ActionSpec {
  action: AdminUserAction;
  label: string;
  title: string;
  message: (u: AdminUser) => string;
  done: string;
  danger?: boolean;
}

/** The actions a row offers, by what the user has now. */
function actionsFor(u: AdminUser, selfId: string | undefined): ActionSpec[] {
  const who = (x: AdminUser) => `${fullName(x)} (${x.email})`;
  const list: ActionSpec[] = [];
  if (!u.premium_granted)
    list.push({
      action: 'grant_premium',
      label: 'Grant premium',
      title: 'Grant premium?',
      message: (x) => `${who(x)} gets premium as an operator grant, whatever their subscription does, until you remove it.`,
      done: 'Premium granted',
    });
  else
    list.push({
      action: 'revoke_premium',
      label: 'Remove premium',
      title: 'Remove premium?',
      message: (x) =>
        `${who(x)} loses the operator grant.${x.subscription_premium ? ' Their paid subscription keeps them premium.' : ' They go back to the free plan.'}`,
      done: 'Premium removed',
      danger: true,
    });
  if (!u.is_admin)
    list.push({
      action: 'grant_admin',
      label: 'Make admin',
      title: 'Make admin?',
      message: (x) => `${who(x)} can open /admin and run every action here.`,
      done: 'Admin granted',
    });
  else if (u.id !== selfId)
    list.push({
      action: 'revoke_admin',
      label: 'Remove admin',
      title: 'Remove admin?',
      message: (x) => `${who(x)} can no longer open /admin.`,
      done: 'Admin removed',
      danger: true,
    });
  if (u.is_active && u.id !== selfId)
    list.push({
      action: 'deactivate',
      label: 'Deactivate',
      title: 'Deactivate this account?',
      message: (x) => `${who(x)} is signed out everywhere at once and cannot sign in until reactivated.`,
      done: 'Account deactivated',
      danger: true,
    });
  else if (!u.is_active)
    list.push({
      action: 'reactivate',
      label: 'Reactivate',
      title: 'Reactivate this account?',
      message: (x) => `${who(x)} can sign in again.`,
      done: 'Account reactivated',
    });
  return list;
}

/** Users: search by e-mail or name, filter by plan, act on a row after a confirm step (docs/product/admin.md#dashboard-screen). */
export function UsersTab({ selfId, limit }: { selfId: string | undefined; limit: number }) {
  const ids = useId();
  const list = usePagedList<{ q: string; plan: AdminUserPlan | '' }>({ q: '', plan: '' });
  const [draft, setDraft] = useState('');
  const query = useAdminUsers({
    page: list.page,
    limit,
    asOf: list.asOf,
    q: list.filters.q || undefined,
    plan: list.filters.plan || undefined,
  });
  useErrorToast(query.error, 'users', ADMIN_FETCH_ERRORS.users);
  const act = useActOnUser();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [history, setHistory] = useState<AdminUser | null>(null);

  const ask = (u: AdminUser, spec: ActionSpec) =>
    setConfirm({
      title: spec.title,
      message: spec.message(u),
      confirmLabel: spec.label,
      danger: spec.danger,
      onConfirm: () =>
        act.mutate(
          { userId: u.id, action: spec.action },
          {
            onSuccess: () => showToast({ type: 'success', title: spec.done, message: u.email }),
            onError: (e) => showToast({ type: 'error', title: 'Action failed', message: e.message }),
            onSettled: () => setConfirm(null),
          },
        ),
    });

  const users = query.data?.users;
  return (
    <section aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`} className="sr-only">
        Users
      </h2>
      <form
        role="search"
        className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters({ ...list.filters, q: draft.trim() });
        }}
      >
        <FilterField label="E-mail or name" htmlFor={`${ids}-q`}>
          <input
            id={`${ids}-q`}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className={inputClasses}
            placeholder="ada@example.com"
          />
        </FilterField>
        <FilterField label="Plan" htmlFor={`${ids}-plan`}>
          <select
            id={`${ids}-plan`}
            value={list.filters.plan}
            onChange={(e) => list.setFilters({ ...list.filters, q: draft.trim(), plan: e.target.value as AdminUserPlan | '' })}
            className={inputClasses}
          >
            <option value="">All plans</option>
            {ADMIN_USER_PLANS.map((p) => (
              <option key={p} value={p}>
                {PLAN_NAMES[p]}
              </option>
            ))}
          </select>
        </FilterField>
        <Button type="submit">Search</Button>
      </form>
      <AdminTable caption="Users, newest first" columns={COLUMNS} busy={query.isFetching}>
        {!users ? (
          <EmptyRow columns={COLUMNS.length}>{query.isError ? ADMIN_FETCH_ERRORS.users : 'Loading users…'}</EmptyRow>
        ) : users.length === 0 ? (
          <EmptyRow columns={COLUMNS.length}>No users match.</EmptyRow>
        ) : (
          users.map((u) => (
            <UserRow key={u.id} user={u} selfId={selfId} onAction={(spec) => ask(u, spec)} onDeliveries={() => setHistory(u)} />
          ))
        )}
      </AdminTable>
      {query.data && <Pagination info={query.data.pagination} label="Users" onPage={(p) => list.goTo(p, query.data?.pagination.as_of)} />}
      {history ? <UserDeliveries user={history} onClose={() => setHistory(null)} /> : null}
      <ConfirmDialog request={confirm} busy={act.isPending} onClose={() => setConfirm(null)} />
    </section>
  );
}

/** A plan label's colour: premium and trial amber, admin blue, inactive red, the rest slate. */
const badgeTone = (label: string) =>
  label.startsWith('Premium') || label === 'Trial' ? 'amber' : label === 'Admin' ? 'blue' : label === 'Inactive' ? 'red' : 'slate';

/** One user: name and e-mail, plan badges, trial end, dates, counts, and the actions allowed on them. */
function UserRow({
  user: u,
  selfId,
  onAction,
  onDeliveries,
}: {
  user: AdminUser;
  selfId: string | undefined;
  onAction: (spec: ActionSpec) => void;
  onDeliveries: () => void;
}) {
  return (
    <tr>
      <Cell>
        <span className="block font-medium">{fullName(u)}</span>
        <span className="block text-xs text-slate-600">{u.email}</span>
      </Cell>
      <Cell>
        <span className="flex flex-wrap gap-1">
          {planLabels(u).map((l) => (
            <Badge key={l} tone={badgeTone(l)}>
              {l}
            </Badge>
          ))}
        </span>
      </Cell>
      <Cell>{u.is_trial ? formatEpochDay(u.trial_end) : '—'}</Cell>
      <Cell>{formatDay(u.created_at)}</Cell>
      <Cell>{formatInstant(u.last_login)}</Cell>
      <Cell className="text-right tabular-nums">{u.search_count}</Cell>
      <Cell className="text-right tabular-nums">{u.notification_count}</Cell>
      <Cell>
        <span className="flex gap-1">
          {actionsFor(u, selfId).map((spec) => (
            <Button
              key={spec.action}
              size="xs"
              variant={spec.danger ? 'secondary' : 'outline'}
              aria-label={`${spec.label}: ${u.email}`}
              onClick={() => onAction(spec)}
            >
              {spec.label}
            </Button>
          ))}
          <Button size="xs" variant="outline" aria-label={`Deliveries: ${u.email}`} onClick={onDeliveries}>
            Deliveries
          </Button>
        </span>
      </Cell>
    </tr>
  );
}
