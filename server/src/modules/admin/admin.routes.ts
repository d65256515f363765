import { adminRoutes as routes } from '@gowild/contract/routes/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService, UserRow } from '../accounts/accounts.module';
import type { AdminService } from './admin.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The lists and the dashboard: reads only. */
function listRoutes(app: App, admin: AdminService) {
  contractRoute(app, routes.users, {}, async (request) => admin.users(request.query));
  contractRoute(app, routes.searches, {}, async (request) => admin.searches(request.query));
  contractRoute(app, routes.notifications, {}, async (request) => admin.notifications(request.query));
  contractRoute(app, routes.dashboard, {}, async () => admin.dashboard());
  contractRoute(app, routes.audit, {}, async (request) => admin.audit(request.query));
}

/** The operator's actions and edits, each audited with the acting admin. */
function actionRoutes(app: App, admin: AdminService, actor: (request: FastifyRequest) => UserRow) {
  contractRoute(app, routes.userAction, {}, async (request) => admin.act(actor(request), request.params.id, request.body.action));
  contractRoute(app, routes.blackouts, {}, async () => ({ blackout_dates: admin.blackoutDates() }));
  contractRoute(app, routes.addBlackouts, {}, async (request) => admin.addBlackouts(actor(request), request.body));
  contractRoute(app, routes.removeBlackout, {}, async (request) => admin.removeBlackout(actor(request), request.params.date));
  contractRoute(app, routes.importRoutes, {}, async (request) => admin.importRoutes(actor(request), request.body.routes));
  contractRoute(app, routes.refreshRoutes, {}, async (request) => admin.refreshRoutes(actor(request), request.body.dry_run));
}

/**
 * /api/admin/*, registered from the route table (decision 302): 401 for visitors, 403 'Admin privileges required.' for
 * everyone but admins.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requireAdmin'>; admin: AdminService }> = async (
  app,
  { auth, admin },
) => {
  const actors = new WeakMap<FastifyRequest, UserRow>();
  // Before every admin route's own preHandlers and its validation, so a non-admin learns nothing about the query rules.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/admin/')) return;
    actors.set(request, (await auth.requireAdmin(request)).user);
  });
  const actor = (request: FastifyRequest) => actors.get(request)!;
  listRoutes(app, admin);
  actionRoutes(app, admin, actor);
};
