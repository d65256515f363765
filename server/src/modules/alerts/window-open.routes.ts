import { ALERT_MESSAGES, notificationCreatedResponseSchema } from '@gowild/contract/notifications';
import { createWindowAlertSchema } from '@gowild/contract/window-alerts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { WindowAlertsService } from './window-open.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse };

/**
 * POST /api/notifications/window-open (docs/product/alerts.md#tell-me-when-gowild-opens): premium only, checked before
 * validation like the other alert calls. The alert is then listed and deleted with the others.
 */
export const windowAlertsRoutes: FastifyPluginAsyncZod<{
  auth: Pick<AuthService, 'requirePremium'>;
  windowAlerts: WindowAlertsService;
}> = async (app, { auth, windowAlerts }) => {
  const premium = (request: FastifyRequest) => auth.requirePremium(request, ALERT_MESSAGES.premiumRequired, ALERT_MESSAGES.loginRequired);
  app.post(
    '/api/notifications/window-open',
    {
      preHandler: async (request) => void (await premium(request)),
      schema: {
        tags: ['notifications'],
        summary:
          'Alert me when GoWild opens: one route and date whose GoWild window has not opened (409 once it has); counts toward the 3 active alerts',
        body: createWindowAlertSchema,
        response: { 201: notificationCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await premium(request);
      reply.code(201);
      return windowAlerts.create(user, request.body, request.log);
    },
  );
};
