import { type MouseEvent, useCallback, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { MobileMenu } from '@/app/layouts/mobile-menu';
import { UserMenu } from '@/app/layouts/user-menu';
import { buttonClasses } from '@/components/ui/button';
import { CrownIcon, MenuIcon, PlaneIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { triggerHomeReset } from '@/lib/home-reset';
import { useHerePath, withNext } from '@/lib/return-to';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors xl:px-3 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** The top bar (docs/product/README.md#top-bar): Home, Routes, Plans; Sign in / Sign up or the avatar menu. */
export function TopBar() {
  const { isAuthenticated, isInitialized, isPremium } = useAuth();
  const location = useLocation();
  // Signing in from a search link comes back to it, search running (docs/product/accounts-and-plans.md#log-in).
  const herePath = useHerePath();
  const here = herePath.startsWith(`${paths.home}?`) ? herePath : null;
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  // Home while already on / resets the search instead of navigating (when the search page registered a reset).
  const onHome = (e: MouseEvent) => {
    if (location.pathname === paths.home && triggerHomeReset()) e.preventDefault();
  };

  // The mobile menu sits outside <header>: the bar's backdrop blur would make it the containing block of the
  // menu's fixed positioning.
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link
            to={paths.home}
            onClick={onHome}
            className="flex items-center gap-2 whitespace-nowrap text-lg font-extrabold tracking-tight text-brand-700"
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-white">
              <PlaneIcon className="size-5 -rotate-45" />
            </span>
            GoWild Finder
          </Link>

          <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 lg:flex xl:ml-4 xl:gap-1">
            <NavLink to={paths.home} end className={navClass} onClick={onHome}>
              Home
            </NavLink>
            <NavLink to={paths.routeMap} className={navClass}>
              Routes
              {isAuthenticated && !isPremium && <CrownIcon className="size-3.5 text-amber-500" />}
            </NavLink>
            <NavLink to={paths.hubSearch} className={navClass}>
              Via a Hub
              {isAuthenticated && !isPremium && <CrownIcon className="size-3.5 text-amber-500" />}
            </NavLink>
            <NavLink to={paths.getHome} className={navClass}>
              Get me home
              {isAuthenticated && !isPremium && <CrownIcon className="size-3.5 text-amber-500" />}
            </NavLink>
            <NavLink to={paths.tripFinder} className={navClass}>
              Trip finder
              {isAuthenticated && !isPremium && <CrownIcon className="size-3.5 text-amber-500" />}
            </NavLink>
            <NavLink to={paths.anywhere} className={navClass}>
              Anywhere
              {isAuthenticated && !isPremium && <CrownIcon className="size-3.5 text-amber-500" />}
            </NavLink>
            <NavLink to={paths.plans} className={navClass}>
              Plans
            </NavLink>
          </nav>

          <div className="ml-auto hidden items-center gap-2 lg:flex">
            {!isInitialized ? (
              <span className="h-8 w-32 animate-pulse rounded-full bg-slate-100" aria-hidden="true" />
            ) : isAuthenticated ? (
              <UserMenu />
            ) : (
              <>
                <Link to={withNext(paths.login, here)} className={buttonClasses('ghost', 'sm')}>
                  Sign in
                </Link>
                <Link to={withNext(paths.register, here)} className={buttonClasses('primary', 'sm')}>
                  Sign up
                </Link>
              </>
            )}
          </div>

          <button
            type="button"
            className="ml-auto rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label="Open menu"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </header>
      <MobileMenu open={mobileOpen} onClose={closeMobile} onHome={onHome} />
    </>
  );
}
