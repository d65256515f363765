import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AdminOnly, GuestOnly, PremiumOnly, RequireAuth } from '@/app/guards';
import { GET_HOME_MESSAGES } from '@gowild/contract/get-home';
import { TRIP_FINDER_MESSAGES } from '@gowild/contract/trip-finder-texts';
import { ANYWHERE_MESSAGES } from '@gowild/contract/anywhere';
import { RootLayout } from '@/app/layouts/root-layout';
import { RouteErrorBoundary } from '@/app/layouts/route-error-boundary';
import { PageSpinner } from '@/components/ui/spinner';

const ROUTE_MAP_PITCH =
  'See everywhere you can fly from your airport on one map: tap an airport to light up its routes, where it flies and who flies to it, then search any of them in one click.';

/**
 * Every route of docs/product/README.md#screens-and-routes. Pages are lazy chunks so the first load of / carries only the shell;
 * the guards are layout routes so a redirect happens before a guarded page's chunk is even fetched.
 * Each page module exports a named component, picked here.
 */
export const appRoutes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    HydrateFallback: () => <PageSpinner />,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { index: true, lazy: () => import('@/app/routes/home').then((m) => ({ Component: m.HomeRoute })) },
      { path: paths.about, lazy: () => import('@/app/routes/about').then((m) => ({ Component: m.AboutRoute })) },
      { path: paths.plans, lazy: () => import('@/app/routes/plans').then((m) => ({ Component: m.PlansRoute })) },
      { path: paths.support, lazy: () => import('@/app/routes/support').then((m) => ({ Component: m.SupportRoute })) },
      { path: paths.status, lazy: () => import('@/app/routes/status').then((m) => ({ Component: m.StatusRoute })) },
      { path: paths.developers, lazy: () => import('@/app/routes/developers').then((m) => ({ Component: m.DevelopersRoute })) },
      { path: paths.resetPassword, lazy: () => import('@/app/routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })) },
      { path: paths.flightSummary, lazy: () => import('@/app/routes/flight-summary').then((m) => ({ Component: m.FlightSummaryRoute })) },
      { path: paths.debugGoogle, lazy: () => import('@/app/routes/debug-google').then((m) => ({ Component: m.DebugGoogleRoute })) },
      {
        Component: GuestOnly,
        children: [
          { path: paths.login, lazy: () => import('@/app/routes/login').then((m) => ({ Component: m.LoginRoute })) },
          { path: paths.register, lazy: () => import('@/app/routes/register').then((m) => ({ Component: m.RegisterRoute })) },
          {
            path: paths.forgotPassword,
            lazy: () => import('@/app/routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { path: paths.profile, lazy: () => import('@/app/routes/profile').then((m) => ({ Component: m.ProfileRoute })) },
          { path: paths.hubSearch, lazy: () => import('@/app/routes/hub-search').then((m) => ({ Component: m.HubSearchRoute })) },
          { path: paths.routeBuilder, lazy: () => import('@/app/routes/route-builder').then((m) => ({ Component: m.RouteBuilderRoute })) },
          { path: paths.demoCheckout, lazy: () => import('@/app/routes/demo-checkout').then((m) => ({ Component: m.DemoCheckoutRoute })) },
          { path: paths.demoPortal, lazy: () => import('@/app/routes/demo-portal').then((m) => ({ Component: m.DemoPortalRoute })) },
        ],
      },
      {
        Component: PremiumOnly,
        children: [
          {
            path: paths.notifications,
            lazy: () => import('@/app/routes/notifications').then((m) => ({ Component: m.NotificationsRoute })),
          },
        ],
      },
      {
        // The route map sells itself to non-premium users (docs/product/maps.md#route-map-page).
        element: <PremiumOnly pitch={ROUTE_MAP_PITCH} />,
        children: [{ path: paths.routeMap, lazy: () => import('@/app/routes/route-map').then((m) => ({ Component: m.RouteMapRoute })) }],
      },
      {
        // Get me home tells free users what it does (docs/product/get-me-home.md#who-may-use-it).
        element: <PremiumOnly pitch={GET_HOME_MESSAGES.pitch} />,
        children: [{ path: paths.getHome, lazy: () => import('@/app/routes/get-home').then((m) => ({ Component: m.GetHomeRoute })) }],
      },
      {
        // The trip finder tells free users what it does (docs/product/trip-finder.md#who-may-use-it).
        element: <PremiumOnly pitch={TRIP_FINDER_MESSAGES.pitch} />,
        children: [
          { path: paths.tripFinder, lazy: () => import('@/app/routes/trip-finder').then((m) => ({ Component: m.TripFinderRoute })) },
        ],
      },
      {
        // Anywhere tells free users what it does (docs/product/anywhere.md#who-may-use-it).
        element: <PremiumOnly pitch={ANYWHERE_MESSAGES.pitch} />,
        children: [{ path: paths.anywhere, lazy: () => import('@/app/routes/anywhere').then((m) => ({ Component: m.AnywhereRoute })) }],
      },
      {
        Component: AdminOnly,
        children: [{ path: paths.admin, lazy: () => import('@/app/routes/admin').then((m) => ({ Component: m.AdminRoute })) }],
      },
      { path: '*', lazy: () => import('@/app/routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
