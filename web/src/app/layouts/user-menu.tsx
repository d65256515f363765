import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMenuButton } from '@/app/layouts/use-menu-button';
import { ChevronDownIcon, CrownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useAuth } from '@/lib/auth/auth-context';

/** docs/product/alerts.md#notifications-page: what a non-premium user gets from the menu's Flight Notifications. */
export const NOTIFICATIONS_PREMIUM_ALERT = ALERT_MESSAGES.menuPremium;

export function displayName(user: { first_name: string; last_name: string } | null): string {
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim();
  return name || 'Personal';
}

export function initials(user: { first_name: string; last_name: string; email: string } | null): string {
  const letters = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`.toUpperCase();
  return letters || (user?.email?.[0] ?? '?').toUpperCase();
}

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/** The signed-in avatar menu of the top bar (docs/product/README.md#account-menu). */
export function UserMenu() {
  const { user, isPremium, isAdmin } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  const { open, toggle, close, openLater, closeLater, buttonRef, menuRef, onButtonKey, onMenuKey } = useMenuButton();
  const menuId = useId();

  const onNotifications = () => {
    close();
    if (!isPremium) {
      window.alert(NOTIFICATIONS_PREMIUM_ALERT);
      return;
    }
    void navigate(paths.notifications);
  };

  const onLogout = () => {
    close();
    logout.mutate(undefined, { onSettled: () => void navigate(paths.home) });
  };

  return (
    <div className="relative" onMouseEnter={openLater} onMouseLeave={closeLater}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        onKeyDown={onButtonKey}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
          {initials(user)}
        </span>
        <span className="max-w-36 truncate">{displayName(user)}</span>
        {isPremium && <CrownIcon className="size-4 text-amber-500" />}
        <ChevronDownIcon className={`size-4 transition-transform duration-200 ${open ? 'rotate-180' : ''}`} />
        <span className="sr-only">Account menu</span>
      </button>

      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label="Account"
        hidden={!open}
        onKeyDown={onMenuKey}
        className="absolute right-0 z-50 mt-2 w-64 origin-top-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl ring-1 ring-black/5"
      >
        <div className="border-b border-slate-100 px-3 pt-2 pb-3">
          <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
          <p className="truncate text-xs text-slate-500">{user?.email}</p>
          <p className={`mt-1 inline-flex items-center gap-1 text-xs font-medium ${isPremium ? 'text-amber-700' : 'text-slate-600'}`}>
            {isPremium && <CrownIcon className="size-3.5" />}
            {isPremium ? 'Premium plan' : 'Free plan'}
          </p>
        </div>
        <div className="py-1">
          <Link role="menuitem" tabIndex={-1} to={paths.support} className={itemClass} onClick={() => close()}>
            Get help
          </Link>
          {!isPremium && (
            <Link
              role="menuitem"
              tabIndex={-1}
              to={paths.plans}
              className={`${itemClass} font-semibold text-brand-700`}
              onClick={() => close()}
            >
              Upgrade plan
            </Link>
          )}
          {isAdmin && (
            <Link role="menuitem" tabIndex={-1} to={paths.admin} className={itemClass} onClick={() => close()}>
              Admin Dashboard
            </Link>
          )}
          <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={onNotifications}>
            Flight Notifications
            {!isPremium && <CrownIcon className="ml-auto size-4 text-amber-500" />}
          </button>
          <Link role="menuitem" tabIndex={-1} to={paths.profile} className={itemClass} onClick={() => close()}>
            Manage Subscription
          </Link>
        </div>
        <div className="border-t border-slate-100 pt-1">
          <button role="menuitem" tabIndex={-1} type="button" className={`${itemClass} text-red-700`} onClick={onLogout}>
            Log out
          </button>
        </div>
      </div>
    </div>
  );
}
