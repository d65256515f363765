import {
  adminAuditResponseSchema,
  adminBlackoutParamsSchema,
  adminBlackoutsAddBodySchema,
  adminBlackoutsResponseSchema,
  adminDashboardResponseSchema,
  adminListQuerySchema,
  adminNotificationsQuerySchema,
  adminNotificationsResponseSchema,
  adminRoutesImportBodySchema,
  adminRoutesRefreshBodySchema,
  adminRoutesResponseSchema,
  adminSearchesQuerySchema,
  adminSearchesResponseSchema,
  adminUserActionBodySchema,
  adminUserActionResponseSchema,
  adminUserParamsSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
} from '@gowild/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService, UserRow } from '../accounts/accounts.module';
import type { AdminService } from './admin.service';

const tags = ['admin'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const actionErrors = { ...errors, 404: errorResponse, 409: errorResponse };

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The lists and the dashboard: reads only. */
function listRoutes(app: App, admin: AdminService) {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Users, newest first; by e-mail or name (q) and plan',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
    },
    async (request) => admin.users(request.query),
  );

  app.get(
    '/api/admin/searches',
    {
      schema: {
        tags,
        summary: 'The search log, newest first; by origin, type and day',
        querystring: adminSearchesQuerySchema,
        response: { 200: adminSearchesResponseSchema, ...errors },
      },
    },
    async (request) => admin.searches(request.query),
  );

  app.get(
    '/api/admin/notifications',
    {
      schema: {
        tags,
        summary: 'All flight alerts, newest first, with their owners; by status',
        querystring: adminNotificationsQuerySchema,
        response: { 200: adminNotificationsResponseSchema, ...errors },
      },
    },
    async (request) => admin.notifications(request.query),
  );

  app.get(
    '/api/admin/dashboard',
    { schema: { tags, summary: 'Usage summary and service figures', response: { 200: adminDashboardResponseSchema, ...errors } } },
    async () => admin.dashboard(),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'What operators did, newest first',
        querystring: adminListQuerySchema,
        response: { 200: adminAuditResponseSchema, ...errors },
      },
    },
    async (request) => admin.audit(request.query),
  );
}

/** The operator's actions and edits, each audited with the acting admin. */
function actionRoutes(app: App, admin: AdminService, actor: (request: FastifyRequest) => UserRow) {
  app.post(
    '/api/admin/users/:id/actions',
    {
      schema: {
        tags,
        summary: 'Grant or remove premium or admin, deactivate or reactivate a user (audited)',
        params: adminUserParamsSchema,
        body: adminUserActionBodySchema,
        response: { 200: adminUserActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => admin.act(actor(request), request.params.id, request.body.action),
  );

  app.get(
    '/api/admin/blackouts',
    { schema: { tags, summary: 'The blackout dates', response: { 200: adminBlackoutsResponseSchema, ...errors } } },
    async () => ({ blackout_dates: admin.blackoutDates() }),
  );

  app.post(
    '/api/admin/blackouts',
    {
      schema: {
        tags,
        summary: 'Add a blackout date or an inclusive range (audited)',
        body: adminBlackoutsAddBodySchema,
        response: { 200: adminBlackoutsResponseSchema, ...errors },
      },
    },
    async (request) => admin.addBlackouts(actor(request), request.body),
  );

  app.delete(
    '/api/admin/blackouts/:date',
    {
      schema: {
        tags,
        summary: 'Remove a blackout date (audited)',
        params: adminBlackoutParamsSchema,
        response: { 200: adminBlackoutsResponseSchema, ...actionErrors },
      },
    },
    async (request) => admin.removeBlackout(actor(request), request.params.date),
  );

  app.put(
    '/api/admin/routes',
    {
      schema: {
        tags,
        summary: 'Replace the route network (audited)',
        body: adminRoutesImportBodySchema,
        response: { 200: adminRoutesResponseSchema, ...errors },
      },
    },
    async (request) => admin.importRoutes(actor(request), request.body.routes),
  );

  app.post(
    '/api/admin/routes/refresh',
    {
      schema: {
        tags,
        summary: "Refresh the route network from the airline's (audited unless a dry run)",
        body: adminRoutesRefreshBodySchema,
        response: { 200: adminRoutesResponseSchema, ...errors, 503: errorResponse },
      },
    },
    async (request) => admin.refreshRoutes(actor(request), request.body.dry_run),
  );
}

/** /api/admin/*: 401 for visitors, 403 'Admin privileges required.' for everyone but admins. */
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
