import { type User, trialDaysLeft } from '@gowild/contract/auth';
import { type MouseEvent, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { displayName, NOTIFICATIONS_PREMIUM_ALERT } from '@/app/layouts/user-menu';
import { CloseIcon, CrownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useAuth } from '@/lib/auth/auth-context';
import { useHerePath, withNext } from '@/lib/return-to';

const linkClass = 'flex items-center gap-2 rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100';

/** Sections slide in one after another, at 100, 200 and 300 ms (docs/product/README.md#mobile-menu). */
const REVEAL_DELAYS = ['delay-100', 'delay-200', 'delay-300'] as const;

/**
 * The mobile slide-in menu: the top bar's links plus Profile, Notifications (crown when not premium), Admin,
 * the trial badge, a Premium badge and Sign out.
 */
export function MobileMenu({ open, onClose, onHome }: { open: boolean; onClose: () => void; onHome: (e: MouseEvent) => void }) {
  const { user, isAuthenticated, isPremium, isAdmin } = useAuth();
  const navigate = useNavigate();
  const herePath = useHerePath();
  // Signing in from a search link comes back to it, search running (docs/product/accounts-and-plans.md#log-in).
  const here = herePath.startsWith(`${paths.home}?`) ? herePath : null;
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const section = (i: 0 | 1 | 2) =>
    `transition-all duration-300 ${open ? `translate-x-0 opacity-100 ${REVEAL_DELAYS[i]}` : 'translate-x-4 opacity-0'}`;

  const onNotifications = () => {
    if (!isPremium) {
      window.alert(NOTIFICATIONS_PREMIUM_ALERT);
      return;
    }
    onClose();
    void navigate(paths.notifications);
  };

  return (
    <div className={`fixed inset-0 z-50 overflow-hidden lg:hidden ${open ? '' : 'pointer-events-none'}`} aria-hidden={!open} inert={!open}>
      <div
        className={`absolute inset-0 bg-slate-900/40 transition-opacity duration-300 ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className={`absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white transition-transform duration-300 ${
          open ? 'translate-x-0 shadow-2xl' : 'translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
          <span className="text-base font-bold text-brand-700">GoWild Finder</span>
          <button type="button" onClick={onClose} className="rounded-md p-2 text-slate-500 hover:bg-slate-100" aria-label="Close menu">
            <CloseIcon className="size-5" />
          </button>
        </div>

        <nav aria-label="Mobile" className="flex flex-1 flex-col gap-4 p-4">
          <div className={section(0)}>
            {isAuthenticated && user ? <AccountCard user={user} isPremium={isPremium} /> : null}
            <Link
              to={paths.home}
              className={linkClass}
              onClick={(e) => {
                onHome(e);
                onClose();
              }}
            >
              Home
            </Link>
            {PREMIUM_PAGES.map(([to, label]) => (
              <Link key={to} to={to} className={linkClass} onClick={onClose}>
                {label}
                {!isPremium && <CrownIcon className="size-4 text-amber-500" />}
              </Link>
            ))}
            <Link to={paths.plans} className={linkClass} onClick={onClose}>
              Plans
            </Link>
          </div>

          <div className={`border-t border-slate-100 pt-4 ${section(1)}`}>
            {isAuthenticated ? (
              <>
                <Link to={paths.profile} className={linkClass} onClick={onClose}>
                  Profile
                </Link>
                <button type="button" className={`${linkClass} w-full`} onClick={onNotifications}>
                  Notifications
                  {!isPremium && <CrownIcon className="size-4 text-amber-500" />}
                </button>
                {isAdmin && (
                  <Link to={paths.admin} className={linkClass} onClick={onClose}>
                    Admin
                  </Link>
                )}
                <Link to={paths.support} className={linkClass} onClick={onClose}>
                  Get help
                </Link>
              </>
            ) : (
              <Link to={paths.support} className={linkClass} onClick={onClose}>
                Get help
              </Link>
            )}
          </div>

          <div className={`mt-auto border-t border-slate-100 pt-4 ${section(2)}`}>
            <SessionActions signedIn={isAuthenticated} here={here} onClose={onClose} />
          </div>
        </nav>
      </div>
    </div>
  );
}

/** The premium pages, each with a crown for a traveller who is not premium. */
const PREMIUM_PAGES = [
  [paths.routeMap, 'Routes'],
  [paths.hubSearch, 'Via a Hub'],
  [paths.getHome, 'Get me home'],
  [paths.tripFinder, 'Trip finder'],
  [paths.anywhere, 'Anywhere'],
] as const;

/** Who is signed in, with the Premium and trial badges. */
function AccountCard({ user, isPremium }: { user: User; isPremium: boolean }) {
  const trialDays = trialDaysLeft(user);
  return (
    <div className="mb-3 rounded-xl bg-slate-50 px-3 py-3">
      <p className="font-semibold text-slate-900">{displayName(user)}</p>
      <p className="truncate text-sm text-slate-500">{user.email}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {isPremium && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
            <CrownIcon className="size-3.5" />
            Premium
          </span>
        )}
        {trialDays > 0 && (
          <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800">{trialDays} days left in trial</span>
        )}
      </div>
    </div>
  );
}

/** Sign out, or Sign in and Sign up (back to the search link the menu was opened on). */
function SessionActions({ signedIn, here, onClose }: { signedIn: boolean; here: string | null; onClose: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return signedIn ? (
    <button
      type="button"
      className="w-full rounded-lg border border-red-200 px-3 py-2.5 text-base font-semibold text-red-700 hover:bg-red-50"
      onClick={() => {
        onClose();
        logout.mutate(undefined, { onSettled: () => void navigate(paths.home) });
      }}
    >
      Sign out
    </button>
  ) : (
    <div className="flex flex-col gap-2">
      <Link
        to={withNext(paths.login, here)}
        onClick={onClose}
        className="rounded-lg border border-slate-300 px-3 py-2.5 text-center font-semibold text-slate-800"
      >
        Sign in
      </Link>
      <Link
        to={withNext(paths.register, here)}
        onClick={onClose}
        className="rounded-lg bg-brand-700 px-3 py-2.5 text-center font-semibold text-white"
      >
        Sign up
      </Link>
    </div>
  );
}
