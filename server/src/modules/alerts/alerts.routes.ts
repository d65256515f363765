import {
  ALERT_MESSAGES,
  listNotificationsQuerySchema,
  notificationCreatedResponseSchema,
  notificationDeletedResponseSchema,
  notificationsResponseSchema,
} from '@gowild/contract/notifications';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { AlertKind, AlertRequestBase } from './alert-kinds/alert-kind';
import { ALERT_KINDS } from './alert-kinds/registry';
import type { AlertsService } from './alerts.service';

const tags = ['notifications'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** One kind's create call: premium first, then the kind's body, 201 with the alert as the list shows it. */
function createRoute<Body extends AlertRequestBase>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  kind: AlertKind<Body>,
  premium: (request: FastifyRequest) => ReturnType<AuthService['requirePremium']>,
  alerts: AlertsService,
) {
  app.post(
    kind.route.path,
    {
      preHandler: async (request) => void (await premium(request)),
      schema: {
        tags,
        summary: kind.route.summary,
        body: kind.route.body,
        response: { 201: notificationCreatedResponseSchema, ...Object.fromEntries(kind.route.errors.map((code) => [code, errorResponse])) },
      },
    },
    async (request, reply) => {
      const { user } = await premium(request);
      reply.code(201);
      return alerts.create(kind, user, request.body as Body, request.log);
    },
  );
}

/**
 * /api/notifications (docs/product/alerts.md#alerts-api), and each kind's create call beside it: premium accounts only, checked before validation, so a
 * visitor hears 401 'Please log in to create flight alerts' and a free user 403 PREMIUM_REQUIRED whatever they send.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requirePremium'>; alerts: AlertsService }> = async (
  app,
  { auth, alerts },
) => {
  const premium = (request: FastifyRequest) => auth.requirePremium(request, ALERT_MESSAGES.premiumRequired, ALERT_MESSAGES.loginRequired);

  for (const kind of ALERT_KINDS) createRoute(app, kind, premium, alerts);

  app.get(
    '/api/notifications',
    {
      preHandler: async (request) => void (await premium(request)),
      schema: {
        tags,
        summary: "The caller's flight alerts, newest first (completed ones with include_completed=true)",
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await premium(request);
      return alerts.list(user.id, request.query.include_completed);
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      preHandler: async (request) => void (await premium(request)),
      schema: {
        tags,
        summary: "Delete one of the caller's alerts that is not completed (404 for anyone else's, 409 once completed)",
        params: z.object({ id: z.string() }),
        response: { 200: notificationDeletedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await premium(request);
      return alerts.remove(user.id, request.params.id);
    },
  );
};
