import {
  adminDashboardResponseSchema,
  adminListQuerySchema,
  adminNotificationsResponseSchema,
  adminSearchesResponseSchema,
  adminUsersResponseSchema,
} from '@gowild/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { AdminService } from './admin.service';

const tags = ['admin'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** /api/admin/*: 401 for visitors, 403 'Admin privileges required.' for everyone but admins. */
export const adminRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requireAdmin'>; admin: AdminService }> = async (
  app,
  { auth, admin },
) => {
  // Before every admin route's own preHandlers and its validation, so a non-admin learns nothing about the query rules.
  app.addHook('preHandler', async (request) => {
    await auth.requireAdmin(request);
  });

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'All users, newest first',
        querystring: adminListQuerySchema,
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
        summary: 'The search log, newest first',
        querystring: adminListQuerySchema,
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
        summary: 'All flight alerts, newest first, with their owners',
        querystring: adminListQuerySchema,
        response: { 200: adminNotificationsResponseSchema, ...errors },
      },
    },
    async (request) => admin.notifications(request.query),
  );
  app.get(
    '/api/admin/dashboard',
    { schema: { tags, summary: 'Usage summary', response: { 200: adminDashboardResponseSchema, ...errors } } },
    async () => admin.dashboard(),
  );
};
