import { PUSH_MESSAGES } from '@gowild/contract/push';
import { pushRoutes as routes } from '@gowild/contract/routes/push';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import type { PushService } from './push.service';

/**
 * /api/push (docs/product/alerts.md#web-push): the server's public key for the browser to subscribe with, and the
 * signed-in user's subscribed browsers. Subscribing is premium (checked before the body is read); listing and removing
 * need only a session, so someone whose premium ended can still switch a device off.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requireUser' | 'requirePremium'>; push: PushService }> = async (
  app,
  { auth, push },
) => {
  const user = (request: FastifyRequest) => auth.requireUser(request, PUSH_MESSAGES.loginRequired);
  const premium = (request: FastifyRequest) => auth.requirePremium(request, PUSH_MESSAGES.premiumRequired, PUSH_MESSAGES.loginRequired);

  const signedIn = async (request: FastifyRequest) => void (await user(request));
  const premiumOnly = async (request: FastifyRequest) => void (await premium(request));

  contractRoute(app, routes.publicKey, {}, async () => ({ public_key: push.publicKey }));

  contractRoute(app, routes.devices, { preHandler: signedIn }, async (request) => ({
    devices: await push.list((await user(request)).user.id),
  }));

  contractRoute(app, routes.subscribe, { preHandler: premiumOnly }, async (request, reply) => {
    const { user: who, sessionId } = await premium(request);
    const device = await push.subscribe({ userId: who.id, sessionId }, request.body, request.headers['user-agent']);
    reply.code(201);
    return { device, message: PUSH_MESSAGES.subscribed };
  });

  contractRoute(app, routes.test, { preHandler: premiumOnly }, async (request) => push.sendTest((await premium(request)).user.id));

  contractRoute(app, routes.unsubscribe, { preHandler: signedIn }, async (request) => {
    await push.unsubscribe((await user(request)).user.id, { endpoint: request.body.endpoint });
    return { message: PUSH_MESSAGES.unsubscribed };
  });

  contractRoute(app, routes.removeDevice, { preHandler: signedIn }, async (request) => {
    await push.unsubscribe((await user(request)).user.id, { id: request.params.id });
    return { message: PUSH_MESSAGES.unsubscribed };
  });
};
