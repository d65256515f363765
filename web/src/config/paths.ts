/** Every route path of the app (docs/product/README.md#screens-and-routes), in one place. Link with these, never with literals. */
export const paths = {
  home: '/',
  about: '/about',
  plans: '/plans',
  routeMap: '/routes',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  profile: '/profile',
  notifications: '/notifications',
  admin: '/admin',
  flightSummary: '/flight-summary',
  hubSearch: '/hub-search',
  /** GoWild trips of up to three flights (docs/product/connections.md), beside the hub search. */
  routeBuilder: '/route-builder',
  getHome: '/get-home',
  /** The trip finder (docs/product/trip-finder.md). */
  tripFinder: '/trips',
  /** Every destination over a range of days (docs/product/anywhere.md). */
  anywhere: '/anywhere',
  support: '/support',
  /** The public data-health page (docs/product/status.md). */
  status: '/status',
  /** The public API's page (docs/product/public-api.md). */
  developers: '/developers',
  debugGoogle: '/debug/google',
  /** The demo billing pages (docs/product/billing.md#demo-checkout). */
  demoCheckout: '/billing/demo-checkout',
  demoPortal: '/billing/demo-portal',
} as const;
