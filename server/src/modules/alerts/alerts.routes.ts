import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { alertsRoutes as routes } from '@gowild/contract/routes/alerts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import type { AlertKind, AlertRequestBase } from './alert-kinds/alert-kind';
import { ALERT_KINDS } from './alert-kinds/registry';
import type { AlertsService } from './alerts.service';

/** One kind's create call, from its entry: premium first, then the kind's body, 201 with the alert as the list shows it. */
function createRoute<Body extends AlertRequestBase>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  kind: AlertKind<Body>,
  premium: (request: FastifyRequest) => ReturnType<AuthService['requirePremium']>,
  alerts: AlertsService,
) {
  contractRoute(app, kind.route, { preHandler: async (request) => void (await premium(request)) }, async (request, reply) => {
    const { user } = await premium(request);
    reply.code(201);
    return alerts.create(kind, user, request.body as Body, request.log);
  });
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
  const preHandler = async (request: FastifyRequest) => void (await premium(request));

  for (const kind of ALERT_KINDS) createRoute(app, kind, premium, alerts);

  contractRoute(app, routes.list, { preHandler }, async (request) => {
    const { user } = await premium(request);
    return alerts.list(user.id, request.query.include_completed);
  });

  contractRoute(app, routes.remove, { preHandler }, async (request) => {
    const { user } = await premium(request);
    return alerts.remove(user.id, request.params.id);
  });
};
