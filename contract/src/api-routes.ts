import type { RouteSpec } from './route';
import { adminRoutes } from './routes/admin';
import { alertsRoutes } from './routes/alerts';
import { apiKeysRoutes } from './routes/api-keys';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { digestRoutes } from './routes/digest';
import { extrasRoutes } from './routes/extras';
import { favouritesRoutes } from './routes/favourites';
import { flightsRoutes } from './routes/flights';
import { observationsRoutes } from './routes/observations';
import { opsRoutes } from './routes/ops';
import { pushRoutes } from './routes/push';
import { referenceRoutes } from './routes/reference';
import { statusRoutes } from './routes/status';
import { tripsRoutes } from './routes/trips';

/**
 * Every /api endpoint, by resource then name (decision 302). Each resource's entries live in `routes/<resource>.ts`,
 * which the web imports one at a time (so a page's bundle carries only its own schemas); this gathers them for what
 * must see all of them: the server's check that every registered route is here and in OpenAPI, the role matrix and
 * the web's test fakes. The API docs (/api/docs), /metrics and the single-page app are not endpoints of the API.
 */
export const apiRoutes = {
  admin: adminRoutes,
  alerts: alertsRoutes,
  apiKeys: apiKeysRoutes,
  auth: authRoutes,
  billing: billingRoutes,
  digest: digestRoutes,
  extras: extrasRoutes,
  favourites: favouritesRoutes,
  flights: flightsRoutes,
  observations: observationsRoutes,
  ops: opsRoutes,
  push: pushRoutes,
  reference: referenceRoutes,
  status: statusRoutes,
  trips: tripsRoutes,
} satisfies Record<string, Record<string, RouteSpec>>;

type Table = typeof apiRoutes;
/** 'resource.name', a route's stable name. */
export type RouteName = { [R in keyof Table]: `${R & string}.${keyof Table[R] & string}` }[keyof Table];
/** Every entry, each with its stable name. */
export type AnyRoute = { [R in keyof Table]: Table[R][keyof Table[R]] }[keyof Table];

/** Every entry with its name, for what walks the whole table. */
export function everyRoute(): { name: RouteName; spec: RouteSpec }[] {
  return Object.entries(apiRoutes).flatMap(([resource, entries]) =>
    Object.entries(entries).map(([name, spec]) => ({ name: `${resource}.${name}` as RouteName, spec: spec as RouteSpec })),
  );
}
