import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { alertsRoutes as routes } from '@gowild/contract/routes/alerts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../lib/contract-route';
import type { AuthService } from '../../accounts/accounts.module';
import type { ChannelsService } from './channels.service';

/**
 * /api/alert-channels and /api/alert-deliveries (docs/product/alerts.md#channels-api): premium accounts only, checked
 * before validation like the alerts; /api/admin/users/{id}/deliveries for admins.
 */
export const channelsRoutes: FastifyPluginAsyncZod<{
  auth: Pick<AuthService, 'requirePremium' | 'requireAdmin'>;
  channels: ChannelsService;
}> = async (app, { auth, channels }) => {
  const premium = (request: FastifyRequest) => auth.requirePremium(request, ALERT_MESSAGES.premiumRequired, ALERT_MESSAGES.loginRequired);
  const preHandler = async (request: FastifyRequest) => void (await premium(request));
  const caller = async (request: FastifyRequest) => (await premium(request)).user.id;

  contractRoute(app, routes.channels, { preHandler }, async (request) => ({ channels: await channels.status(await caller(request)) }));
  contractRoute(app, routes.startTelegramLink, { preHandler }, async (request) =>
    channels.startTelegramLink(await caller(request), request.log),
  );
  contractRoute(app, routes.unlinkTelegram, { preHandler }, async (request) => channels.unlinkTelegram(await caller(request)));
  contractRoute(app, routes.saveDiscord, { preHandler }, async (request) => channels.saveDiscord(await caller(request), request.body.url));
  contractRoute(app, routes.removeDiscord, { preHandler }, async (request) => channels.removeDiscord(await caller(request)));
  contractRoute(app, routes.deliveries, { preHandler }, async (request) => channels.deliveries(await caller(request)));

  contractRoute(app, routes.userDeliveries, { preHandler: async (request) => void (await auth.requireAdmin(request)) }, async (request) =>
    channels.deliveries(request.params.id),
  );
};
