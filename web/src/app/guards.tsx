import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PremiumFeaturePanel } from '@/app/premium-feature-panel';
import { PageSpinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useNextPath } from '@/lib/return-to';

/**
 * The route guards of docs/product/accounts-and-plans.md#route-guards. Each waits for the first token check so that a signed-in reload of a
 * guarded page is not bounced to /login.
 */

/** Authenticated-only: visitors go to /login. */
export function RequireAuth() {
  const { isInitialized, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isInitialized) return <PageSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/**
 * Guest-only: signed-in users go to the page they came to sign in from (`?next=`, decision 098), else / (replace, so
 * Back does not return to the form). Signing in on the form lands here too, the moment the session starts.
 */
export function GuestOnly() {
  const { isInitialized, isAuthenticated } = useAuth();
  const next = useNextPath();
  if (!isInitialized) return <PageSpinner />;
  if (isAuthenticated) return <Navigate to={next} replace />;
  return <Outlet />;
}

/**
 * Premium-only: visitors go to /login; signed-in non-premium users see the 'Premium Feature' panel, with the page's
 * own pitch when it has one.
 */
export function PremiumOnly({ pitch }: { pitch?: string }) {
  const { isInitialized, isAuthenticated, isPremium } = useAuth();
  const location = useLocation();
  if (!isInitialized) return <PageSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!isPremium) return <PremiumFeaturePanel pitch={pitch} />;
  return <Outlet />;
}

function AccessDenied() {
  useEffect(() => {
    // A fixed id: a double effect run (StrictMode) replaces the toast instead of stacking two.
    showToast({ id: 'admin-access-denied', type: 'error', title: 'Access Denied', message: 'Admin privileges required.' });
  }, []);
  return <Navigate to={paths.home} replace />;
}

/** Admin-only: visitors go to /login; other users get 'Access Denied' and go to /. */
export function AdminOnly() {
  const { isInitialized, isAuthenticated, isAdmin } = useAuth();
  const location = useLocation();
  if (!isInitialized) return <PageSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!isAdmin) return <AccessDenied />;
  return <Outlet />;
}
