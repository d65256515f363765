import {
  ALERT_MESSAGES,
  alertChannelsResponseSchema,
  alertDeliveriesResponseSchema,
  channelMessageResponseSchema,
  saveDiscordWebhookSchema,
  telegramLinkStartSchema,
} from '@gowild/contract/notifications';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../lib/http-error';
import type { AuthService } from '../../accounts/accounts.module';
import type { ChannelsService } from './channels.service';

const tags = ['notifications'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

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

  app.get(
    '/api/alert-channels',
    {
      preHandler,
      schema: { tags, summary: "The caller's alert channels and their targets", response: { 200: alertChannelsResponseSchema, ...errors } },
    },
    async (request) => ({ channels: await channels.status((await premium(request)).user.id) }),
  );

  app.post(
    '/api/alert-channels/telegram/link',
    {
      preHandler,
      schema: {
        tags,
        summary: 'A one-time code and t.me link to link a Telegram chat',
        response: { 200: telegramLinkStartSchema, ...errors },
      },
    },
    async (request) => channels.startTelegramLink((await premium(request)).user.id, request.log),
  );

  app.delete(
    '/api/alert-channels/telegram',
    { preHandler, schema: { tags, summary: 'Unlink the Telegram chat', response: { 200: channelMessageResponseSchema, ...errors } } },
    async (request) => channels.unlinkTelegram((await premium(request)).user.id),
  );

  app.put(
    '/api/alert-channels/discord',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Save a Discord channel webhook (checked, and a test message sent)',
        body: saveDiscordWebhookSchema,
        response: { 200: channelMessageResponseSchema, ...errors },
      },
    },
    async (request) => channels.saveDiscord((await premium(request)).user.id, request.body.url),
  );

  app.delete(
    '/api/alert-channels/discord',
    { preHandler, schema: { tags, summary: 'Remove the Discord webhook', response: { 200: channelMessageResponseSchema, ...errors } } },
    async (request) => channels.removeDiscord((await premium(request)).user.id),
  );

  app.get(
    '/api/alert-deliveries',
    {
      preHandler,
      schema: {
        tags,
        summary: "The delivery history of the caller's alerts, newest first",
        response: { 200: alertDeliveriesResponseSchema, ...errors },
      },
    },
    async (request) => channels.deliveries((await premium(request)).user.id),
  );

  app.get(
    '/api/admin/users/:id/deliveries',
    {
      preHandler: async (request) => void (await auth.requireAdmin(request)),
      schema: {
        tags: ['admin'],
        summary: "A user's alert delivery history (admins)",
        params: z.object({ id: z.uuid({ error: 'User not found' }) }),
        response: { 200: alertDeliveriesResponseSchema, ...errors },
      },
    },
    async (request) => channels.deliveries(request.params.id),
  );
};
