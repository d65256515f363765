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
  support: '/support',
  debugGoogle: '/debug/google',
  /** The demo billing pages (docs/product/billing.md#demo-checkout). */
  demoCheckout: '/billing/demo-checkout',
  demoPortal: '/billing/demo-portal',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The link a reset e-mail carries, built the same way for in-app links. */
export function resetPasswordHref(token: string): string {
  return `${paths.resetPassword}?token=${encodeURIComponent(token)}`;
}
