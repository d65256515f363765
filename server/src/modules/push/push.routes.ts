import {
  PUSH_MESSAGES,
  pushDevicesResponseSchema,
  pushMessageResponseSchema,
  pushPublicKeyResponseSchema,
  pushSubscribedResponseSchema,
  pushSubscriptionSchema,
  pushTestResponseSchema,
  pushUnsubscribeSchema,
} from '@gowild/contract/push';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { PushService } from './push.service';

const tags = ['notifications'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

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

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (URL-safe base64), the applicationServerKey browsers subscribe with",
        response: { 200: pushPublicKeyResponseSchema },
      },
    },
    async () => ({ public_key: push.publicKey }),
  );

  app.get(
    '/api/push/subscriptions',
    {
      preHandler: async (request) => void (await user(request)),
      schema: { tags, summary: "The caller's browsers subscribed to push", response: { 200: pushDevicesResponseSchema, ...errors } },
    },
    async (request) => ({ devices: await push.list((await user(request)).user.id) }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      preHandler: async (request) => void (await premium(request)),
      schema: {
        tags,
        summary:
          "Subscribe this browser (its PushSubscription.toJSON()); premium. The endpoint must be a known push service's https address",
        body: pushSubscriptionSchema,
        response: { 201: pushSubscribedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user: who, sessionId } = await premium(request);
      const device = await push.subscribe({ userId: who.id, sessionId }, request.body, request.headers['user-agent']);
      reply.code(201);
      return { device, message: PUSH_MESSAGES.subscribed };
    },
  );

  app.post(
    '/api/push/test',
    {
      preHandler: async (request) => void (await premium(request)),
      schema: {
        tags,
        summary: "A test notification to each of the caller's devices, sent now; premium. What each push service answered",
        response: { 200: pushTestResponseSchema, ...errors },
      },
    },
    async (request) => push.sendTest((await premium(request)).user.id),
  );

  app.delete(
    '/api/push/subscriptions',
    {
      preHandler: async (request) => void (await user(request)),
      schema: {
        tags,
        summary: "Unsubscribe this browser by its endpoint (404 when it is not the caller's)",
        body: pushUnsubscribeSchema,
        response: { 200: pushMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await push.unsubscribe((await user(request)).user.id, { endpoint: request.body.endpoint });
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      preHandler: async (request) => void (await user(request)),
      schema: {
        tags,
        summary: "Remove one of the caller's devices from the list (404 for anyone else's)",
        params: z.object({ id: z.string() }),
        response: { 200: pushMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await push.unsubscribe((await user(request)).user.id, { id: request.params.id });
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  );
};
